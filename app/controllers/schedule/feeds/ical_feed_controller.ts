import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CalendarFeeds } from '#services/schedule/feeds/calendar_feeds'
import { BookingFeed } from '#services/schedule/feeds/booking_feed'

/** Whether an If-None-Match header names this ETag (a list, weak or strong, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) {
    return false
  }
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}

/**
 * GET /ical/<token>.ics: a person's bookings for their calendar app. No
 * session: the unguessable token is the key. An unknown or revoked token,
 * or a person in the trash, is a 404 like any missing page.
 */
@inject()
export default class IcalFeedController {
  constructor(
    protected feeds: CalendarFeeds,
    protected bookingFeed: BookingFeed
  ) {}

  async show({ params, request, response }: HttpContext) {
    // Nothing here may be kept by a shared cache, and a revocation must apply at the next poll.
    response.header('Cache-Control', 'private, no-cache')
    const file = String(params.file)
    const opened = file.endsWith('.ics') ? await this.feeds.open(file.slice(0, -4)) : null
    if (!opened) {
      return response.status(404).type('text/plain').send('Calendar feed not found')
    }
    const { body, etag } = await this.bookingFeed.render(
      opened.feed.resourceType,
      opened.feed.resourceId,
      opened.personName
    )
    response.header('ETag', etag)
    if (matches(request.header('if-none-match'), etag)) {
      return response.status(304).send('')
    }
    response.header('Content-Disposition', 'inline; filename="bookings.ics"')
    return response.type('text/calendar; charset=utf-8').send(body)
  }
}
