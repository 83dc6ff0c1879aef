import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { MailEvents } from '#services/schedule/messaging/mail_events'

/**
 * Resend's webhook: public, and every event's signature is verified over
 * the raw body first (403 and no change when it fails).
 */
@inject()
export default class MailEventsController {
  constructor(protected events: MailEvents) {}

  async store({ request, response }: HttpContext) {
    const event = this.events.verify(request.raw() ?? '', request.headers())
    await this.events.apply(event)
    return response.status(204)
  }
}
