import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { SmsWebhooks } from '#services/schedule/messaging/sms_webhooks'

/**
 * Twilio's webhooks: public, and every request's signature is verified
 * against the raw form body first (403 and no change when it fails).
 */
@inject()
export default class TwilioWebhooksController {
  constructor(protected webhooks: SmsWebhooks) {}

  #fields({ request }: HttpContext) {
    return this.webhooks.verify(
      request.url(),
      request.raw() ?? '',
      request.header('x-twilio-signature')
    )
  }

  async status(ctx: HttpContext) {
    await this.webhooks.status(this.#fields(ctx))
    return ctx.response.status(204)
  }

  async inbound(ctx: HttpContext) {
    const reply = await this.webhooks.inbound(this.#fields(ctx))
    return ctx.response.type('text/xml').send(reply)
  }
}
