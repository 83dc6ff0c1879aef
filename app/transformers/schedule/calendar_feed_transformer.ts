import { BaseTransformer } from '@adonisjs/core/transformers'
import type { PresentedFeed } from '#services/schedule/feeds/calendar_feeds'

/** A person's live calendar feed, without its address (shown once, when made). */
export default class CalendarFeedTransformer extends BaseTransformer<PresentedFeed> {
  toObject() {
    return this.pick(this.resource, [
      'id',
      'resourceType',
      'resourceId',
      'createdAt',
      'fetchCount',
      'lastFetchedAt',
    ])
  }
}
