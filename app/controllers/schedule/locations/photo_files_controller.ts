import { createHash } from 'node:crypto'
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { LocationPhotos } from '#services/schedule/locations/location_photos'
import { ScheduleUsers } from '#services/schedule/people/schedule_users'
import { ShareView } from '#services/schedule/sharing/share_view'
import { servePhotoValidator } from '#validators/schedule/location_photo_validators'

/**
 * GET /uploads/location-photos/:filename (spec 3): a photo's file, to people
 * signed in, or to the holder of an open share link of a project at that
 * photo's location (`?share=<token>`). Anyone else gets the same 404 as for
 * a name that does not exist, so names cannot be probed.
 */
@inject()
export default class PhotoFilesController {
  constructor(
    protected photos: LocationPhotos,
    protected users: ScheduleUsers,
    protected shares: ShareView
  ) {}

  async show({ params, request, response, session }: HttpContext) {
    const { size = 'full', share } = await request.validateUsing(servePhotoValidator)
    const signedIn = Boolean(await this.users.signedIn(session))
    if (!signedIn && !share) {
      return response.status(401).send({ message: 'Not authenticated' })
    }
    const { photo, bytes } = await this.photos.file(String(params.filename), size)
    if (!signedIn && !(await this.shares.showsLocation(share!, photo.locationId))) {
      return response.status(404).send({ message: 'Photo not found' })
    }
    // The file may be re-derived (schedule:photos:reprocess) under the same name.
    const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`
    response.header('Cache-Control', 'private, max-age=86400')
    response.header('ETag', etag)
    response.header('X-Content-Type-Options', 'nosniff')
    if (request.header('if-none-match') === etag) {
      return response.status(304).send('')
    }
    return response.type(contentTypeOf(bytes)).send(bytes)
  }
}

/** The stored file's own type, read from its first bytes (never from the name). */
function contentTypeOf(bytes: Buffer) {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg'
  }
  return 'application/octet-stream'
}
