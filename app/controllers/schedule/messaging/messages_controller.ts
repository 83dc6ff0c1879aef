import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { composeMessageValidator } from '#validators/schedule/messaging_validators'
import {
  AvailabilityMessages,
  type Composition,
} from '#services/schedule/messaging/availability_messages'
import { SmsChannel } from '#services/schedule/messaging/sms_channel'
import { SMS_OFF_MESSAGE } from '#services/schedule/messaging/sms_client'
import { serializer } from '#services/shared/serialize'
import MessageTransformer from '#transformers/schedule/message_transformer'
import MessageRecipientTransformer from '#transformers/schedule/message_recipient_transformer'
import { messageDetail } from '#services/schedule/messaging/message_detail'

/** Availability messages: compose, preview, list, track, resend (anyone signed in). */
@inject()
export default class MessagesController {
  constructor(
    protected messages: AvailabilityMessages,
    protected sms: SmsChannel
  ) {}

  async #composition(request: HttpContext['request']): Promise<Composition> {
    const { sendAt, answersCloseAt, ...fields } =
      await request.validateUsing(composeMessageValidator)
    return {
      ...fields,
      sendAt: sendAt ? DateTime.fromISO(sendAt) : null,
      answersCloseAt: answersCloseAt ? DateTime.fromISO(answersCloseAt) : null,
    }
  }

  /** GET /api/messaging/status: whether SMS is on, for the compose page. */
  async channels() {
    return {
      sms: this.sms.enabled,
      smsMessage: this.sms.enabled ? null : SMS_OFF_MESSAGE,
      email: true,
    }
  }

  async preview({ request }: HttpContext) {
    return this.messages.preview(await this.#composition(request))
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const message = await this.messages.compose(scheduleUser, await this.#composition(request))
    return response.status(201).send(await this.#detail(message.id))
  }

  async index() {
    const rows = await this.messages.list()
    return Promise.all(
      rows.map(async ({ message, headline, counts }) => ({
        ...(await serializer.serialize(MessageTransformer.transform(message))),
        headline,
        counts,
      }))
    )
  }

  async show({ params }: HttpContext) {
    return this.#detail(Number(params.id))
  }

  async resend({ params }: HttpContext) {
    const recipient = await this.messages.resend(Number(params.id), Number(params.recipientId))
    return serializer.serialize(MessageRecipientTransformer.transform(recipient))
  }

  #detail(id: number) {
    return messageDetail(this.messages, id)
  }
}
