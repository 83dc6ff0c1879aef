import { BaseTransformer } from '@adonisjs/core/transformers'
import type Location from '#models/schedule/location'
import { timestamps } from '#services/schedule/directory/record_timestamps'

/** A location (spec 3, locations): every column, timestamps as ISO 8601. */
export default class LocationTransformer extends BaseTransformer<Location> {
  toObject() {
    return {
      ...this.pick(this.resource, [
        'id',
        'name',
        'address',
        'lat',
        'lng',
        'notes',
        'locationTypeId',
        'regionId',
        'starred',
      ]),
      ...timestamps(this.resource),
    }
  }
}
