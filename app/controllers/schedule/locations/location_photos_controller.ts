import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { LocationPhotos, PHOTO_LIMITS } from '#services/schedule/locations/location_photos'
import {
  addLocationPhotosValidator,
  reorderLocationPhotosValidator,
  updateLocationPhotoValidator,
} from '#validators/schedule/location_photo_validators'
import { serializer } from '#services/shared/serialize'
import LocationPhotoTransformer from '#transformers/schedule/location_photo_transformer'

/** /api/locations/:id/photos of spec 3: a location's gallery. */
@inject()
export default class LocationPhotosController {
  constructor(protected photos: LocationPhotos) {}

  async index({ params }: HttpContext) {
    const photos = await this.photos.list(Number(params.id))
    return serializer.serialize(LocationPhotoTransformer.transform(photos))
  }

  /**
   * The route is processed here rather than by the body parser
   * (config/bodyparser.ts), so that only photo uploads may send 45 MB: the
   * parts under `photos` are read into memory as they arrive (they are
   * decoded from memory anyway), everything else is drained, and a request
   * over the limit stops at 413 without being read further.
   */
  async store({ params, request, response, scheduleUser }: HttpContext) {
    if (request.is(['multipart/form-data'])) {
      request.multipart.onFile('photos', { deferValidations: true }, async (part, reportChunk) => {
        const chunks: Buffer[] = []
        for await (const chunk of part) {
          reportChunk(chunk)
          chunks.push(chunk)
        }
        return { bytes: Buffer.concat(chunks) }
      })
      await request.multipart.process({ limit: PHOTO_LIMITS.maxRequestBytes })
    }
    // One file or several under `photos`: files() always answers a list.
    const { photos: files } = await addLocationPhotosValidator.validate({
      photos: request.files('photos'),
    })
    const uploads = files.map((file) => ({
      bytes: file.meta.bytes as Buffer,
      clientName: file.clientName,
    }))
    const added = await this.photos.add(Number(params.id), uploads, scheduleUser)
    return response
      .status(201)
      .send(await serializer.serialize(LocationPhotoTransformer.transform(added)))
  }

  async update({ params, request }: HttpContext) {
    const { description } = await request.validateUsing(updateLocationPhotoValidator)
    const photo = await this.photos.describe(
      Number(params.id),
      Number(params.photoId),
      description || null
    )
    return serializer.serialize(LocationPhotoTransformer.transform(photo))
  }

  async reorder({ params, request }: HttpContext) {
    const { ids } = await request.validateUsing(reorderLocationPhotosValidator)
    const photos = await this.photos.reorder(Number(params.id), ids)
    return serializer.serialize(LocationPhotoTransformer.transform(photos))
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.photos.remove(Number(params.id), Number(params.photoId), scheduleUser)
    return { success: true }
  }
}
