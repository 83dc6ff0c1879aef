import { BaseTransformer } from '@adonisjs/core/transformers'
import type Status from '#models/schedule/status'

/** A booking status (spec 3: statuses); `booksPerson` says whether it counts as booked. */
export default class StatusTransformer extends BaseTransformer<Status> {
  toObject() {
    return this.pick(this.resource, [
      'id',
      'name',
      'icon',
      'color',
      'sortOrder',
      'booksPerson',
      'isDefault',
    ])
  }
}
