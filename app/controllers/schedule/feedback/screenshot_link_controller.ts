import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { FeedbackInbox } from '#services/schedule/feedback/feedback_inbox'
import { FeedbackScreenshots } from '#services/schedule/feedback/feedback_screenshots'

/**
 * GET /feedback-screenshots/:token: a taskboard card's screenshot link. The
 * signed token is the key (no session); forged, expired or naming a deleted
 * feedback, it is a 404.
 */
@inject()
export default class ScreenshotLinkController {
  constructor(
    protected inbox: FeedbackInbox,
    protected screenshots: FeedbackScreenshots
  ) {}

  async show({ params, response }: HttpContext) {
    response.header('Cache-Control', 'private, no-store')
    const named = this.screenshots.openLink(String(params.token))
    if (!named) {
      return response.status(404).type('text/plain').send('This link has expired or is not valid')
    }
    const { bytes, contentType } = await this.inbox.screenshot(named.id, named.key)
    return response.type(contentType).send(Buffer.from(bytes))
  }
}
