import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { feedResourceValidator } from '#validators/schedule/feed_validators'
import { CalendarFeeds, presentFeed } from '#services/schedule/feeds/calendar_feeds'
import { serializer } from '#services/shared/serialize'
import CalendarFeedTransformer from '#transformers/schedule/calendar_feed_transformer'

/** A person's calendar feed address, from their share panel (/api/calendar-feeds). */
@inject()
export default class CalendarFeedsController {
  constructor(protected feeds: CalendarFeeds) {}

  async show({ request }: HttpContext) {
    const { resourceType, resourceId } = await request.validateUsing(feedResourceValidator, {
      data: request.qs(),
    })
    const feed = await this.feeds.current(resourceType, resourceId)
    return {
      feed: feed
        ? await serializer.serialize(CalendarFeedTransformer.transform(presentFeed(feed)))
        : null,
    }
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const { resourceType, resourceId } = await request.validateUsing(feedResourceValidator)
    return response.status(201).send(await this.feeds.issue(scheduleUser, resourceType, resourceId))
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.feeds.revoke(scheduleUser, Number(params.id))
    return { success: true }
  }
}
