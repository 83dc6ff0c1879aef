import { BaseTransformer } from '@adonisjs/core/transformers'
import type LocationPhoto from '#models/schedule/location_photo'
import { LocationPhotos } from '#services/schedule/locations/location_photos'

/**
 * A photo of a location's gallery (spec 3, location_photos), with the links
 * the app serves it at (full size, and the gallery's thumbnail).
 */
export default class LocationPhotoTransformer extends BaseTransformer<LocationPhoto> {
  toObject() {
    return {
      ...this.pick(this.resource, [
        'id',
        'locationId',
        'filename',
        'originalName',
        'description',
        'photoDate',
        'width',
        'height',
        'sizeBytes',
        'position',
      ]),
      url: LocationPhotos.urlOf(this.resource.filename),
      thumbnailUrl: LocationPhotos.urlOf(this.resource.filename, 'thumbnail'),
      createdAt: this.resource.createdAt.toISO()!,
      updatedAt: this.resource.updatedAt?.toISO() ?? null,
    }
  }
}
