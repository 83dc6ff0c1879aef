import { BaseTransformer } from '@adonisjs/core/transformers'
import type MessageRecipient from '#models/schedule/message_recipient'

/** One row of a message's tracking table. */
export default class MessageRecipientTransformer extends BaseTransformer<MessageRecipient> {
  constructor(
    resource: MessageRecipient,
    /** Each recipient's copy as sent (subject and text filled), where the caller has them. */
    protected copies?: Map<number, { subject: string; text: string }>
  ) {
    super(resource)
  }

  toObject() {
    const recipient = this.resource
    return {
      id: recipient.id,
      resourceType: recipient.resourceType,
      resourceId: recipient.resourceId,
      name: recipient.name,
      phone: recipient.phone ?? null,
      email: recipient.email ?? null,
      channel: recipient.channel,
      status: recipient.status,
      sms: { status: recipient.smsStatus ?? null, error: recipient.smsError ?? null },
      emailDelivery: { status: recipient.emailStatus ?? null, error: recipient.emailError ?? null },
      copy: this.copies?.get(recipient.id) ?? null,
      attempts: recipient.attempts,
      sentAt: recipient.sentAt?.toISO() ?? null,
      deliveredAt: recipient.deliveredAt?.toISO() ?? null,
      reply: recipient.replyText ?? null,
      repliedAt: recipient.repliedAt?.toISO() ?? null,
      answer: recipient.answer ?? null,
      answerNote: recipient.answerNote ?? null,
      answeredVia: recipient.answeredVia ?? null,
      answeredAt: recipient.answeredAt?.toISO() ?? null,
    }
  }
}
