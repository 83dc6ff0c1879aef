import { BaseTransformer } from '@adonisjs/core/transformers'
import type ActivityType from '#models/schedule/activity_type'

/** A kind of activity (the Lists page's), with the colour and icon the day grid paints it in. */
export default class ActivityTypeTransformer extends BaseTransformer<ActivityType> {
  toObject() {
    return this.pick(this.resource, ['id', 'name', 'color', 'icon', 'sortOrder'])
  }
}
