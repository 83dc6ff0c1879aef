import { BaseTransformer } from '@adonisjs/core/transformers'
import type { Conflict } from '#services/schedule/calendar/conflict_finder'

/**
 * A double booking (spec 3: conflicts-data). `forCalendar` is the people
 * calendar's summary of it: which cells clash and whether someone accepted it.
 */
export default class ConflictTransformer extends BaseTransformer<Conflict> {
  toObject() {
    return this.pick(this.resource, [
      'kind',
      'resourceId',
      'resourceName',
      'date',
      'projectIds',
      'projects',
      'resolution',
    ])
  }

  forCalendar() {
    return {
      ...this.pick(this.resource, ['kind', 'resourceId', 'date', 'projectIds']),
      resolved: this.resource.resolution !== null,
    }
  }
}
