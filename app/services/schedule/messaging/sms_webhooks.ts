import { inject } from '@adonisjs/core'
import { Exception } from '@adonisjs/core/exceptions'
import { DateTime } from 'luxon'
import twilio from 'twilio'
import { appUrl } from '#config/app'
import MessageRecipient from '#models/schedule/message_recipient'
import SmsOptOut from '#models/schedule/sms_opt_out'
import { SmsChannel } from '#services/schedule/messaging/sms_channel'
import { AvailabilityAnswers } from '#services/schedule/messaging/availability_answers'
import { readInboundText } from '#services/schedule/messaging/reply_keywords'
import { overallState, statusMovesForward } from '#services/schedule/messaging/recipient_states'
import { toE164 } from '#services/schedule/messaging/phone_numbers'

/** 403: Twilio's signature is missing or does not match; nothing was changed. */
export class ForgedWebhookError extends Exception {
  static status = 403
  expose = true
}

const ANSWER_WORDS = { available: 'available', unavailable: 'not available', maybe: 'a maybe' }

function twiml(reply?: string) {
  const response = new twilio.twiml.MessagingResponse()
  if (reply) {
    response.message(reply)
  }
  return response.toString()
}

/**
 * Twilio's two webhooks: status callbacks of sent texts and inbound texts.
 * Both are public and verified: `X-Twilio-Signature` is an HMAC (with the
 * auth token) over the public URL and the raw form fields, so the raw body
 * is read, not the parsed one (the body parser turns empty strings into
 * null, and Twilio signs them as they were).
 */
@inject()
export class SmsWebhooks {
  constructor(
    protected sms: SmsChannel,
    protected answers: AvailabilityAnswers
  ) {}

  /** The form fields, once the signature over them and `path` checks out. */
  verify(path: string, rawBody: string, signature: string | undefined) {
    const client = this.sms.client
    const fields = Object.fromEntries(new URLSearchParams(rawBody))
    const url = `${appUrl.replace(/\/+$/, '')}${path}`
    if (
      !client ||
      !signature ||
      !twilio.validateRequest(client.authToken, signature, url, fields)
    ) {
      throw new ForgedWebhookError('Invalid Twilio signature')
    }
    return fields
  }

  /** A status callback: moves the text's status forward only (they arrive out of order). */
  async status(fields: Record<string, string>) {
    const recipient = await MessageRecipient.findBy('smsSid', fields.MessageSid)
    const next = fields.MessageStatus
    if (!recipient || !next || !statusMovesForward(recipient.smsStatus, next)) {
      return
    }
    recipient.smsStatus = next
    if (next === 'failed' || next === 'undelivered') {
      recipient.smsError = fields.ErrorCode
        ? `Twilio error ${fields.ErrorCode}${fields.ErrorMessage ? `: ${fields.ErrorMessage}` : ''}`
        : `The carrier reported the text ${next}`
    }
    if (next === 'delivered') {
      recipient.deliveredAt = DateTime.now()
    }
    recipient.status = overallState(recipient)
    await recipient.save()
  }

  /** An inbound text; resolves to the TwiML to answer Twilio with. */
  async inbound(fields: Record<string, string>) {
    const phone = toE164(fields.From ?? '') ?? fields.From
    const intent = readInboundText(fields.Body ?? '')
    if (!phone) {
      return twiml()
    }
    if (intent.kind === 'opt-out' || intent.kind === 'opt-in') {
      await SmsOptOut.updateOrCreate(
        { phone },
        { optedOut: intent.kind === 'opt-out', keyword: intent.keyword, changedAt: DateTime.now() }
      )
      // Twilio answers the carrier keywords itself; a second reply would confuse.
      return twiml()
    }
    if (intent.kind === 'help') {
      return twiml(
        'Availability requests from the production office. Reply YES, NO or MAYBE to answer, STOP to stop texts.'
      )
    }
    const recipient = await this.answers.openRecipientForPhone(phone)
    if (!recipient) {
      return twiml()
    }
    if (intent.kind === 'answer') {
      await this.answers.record(recipient, recipient.message, intent.answer, intent.note, 'sms')
      return twiml(
        `Thanks ${recipient.name.split(/\s+/)[0]}, you are down as ${ANSWER_WORDS[intent.answer]}. Reply again to change it.`
      )
    }
    recipient.merge({ replyText: fields.Body ?? '', repliedAt: DateTime.now() })
    recipient.status = overallState(recipient)
    await recipient.save()
    return twiml()
  }
}
