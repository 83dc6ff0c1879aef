import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import env from '#start/env'
import { appUrl } from '#config/app'
import Message from '#models/schedule/message'
import MessageRecipient from '#models/schedule/message_recipient'
import Project from '#models/schedule/project'
import Location from '#models/schedule/location'
import SmsOptOut from '#models/schedule/sms_opt_out'
import { SmsChannel } from '#services/schedule/messaging/sms_channel'
import { MessagingMailer } from '#services/schedule/messaging/messaging_mailer'
import { SmsSendError } from '#services/schedule/messaging/sms_client'
import { answerUrl } from '#services/schedule/messaging/answer_links'
import {
  fillPlaceholders,
  firstNameOf,
  messageHeadline,
  type PlaceholderValues,
} from '#services/schedule/messaging/message_placeholders'
import { overallState, wantsEmail, wantsSms } from '#services/schedule/messaging/recipient_states'

/** The queue of the job that sends one recipient's copy; its data is `{ recipientId }`. */
export const SEND_TO_RECIPIENT_JOB = 'schedule.message-recipient-send'

/** Where Twilio reports each text's progress (signed with the auth token). */
export function smsStatusCallbackUrl() {
  return `${appUrl.replace(/\/+$/, '')}/api/messaging/twilio/status`
}

/** A transient failure: the job fails this attempt so pg-boss retries it with backoff. */
export class DeliveryRetryError extends Error {}

/** "Mar 3 – 5, 2027" from a project's first and last day. */
export function projectDates(project: Project | null) {
  if (!project) {
    return ''
  }
  const start = DateTime.fromISO(String(project.startDate).slice(0, 10))
  const end = DateTime.fromISO(String(project.endDate).slice(0, 10))
  if (!start.isValid || !end.isValid) {
    return ''
  }
  if (start.hasSame(end, 'day')) {
    return start.toFormat('ccc d LLL yyyy')
  }
  return `${start.toFormat('ccc d LLL')} – ${end.toFormat('ccc d LLL yyyy')}`
}

/**
 * Sends one recipient's copy of a message: the SMS through Twilio, the email
 * through the app's mailer. The recipient row is the truth. Each channel is
 * claimed (queued → sending) in its own committed update before the
 * provider is called, so two runs never both send, and a run that finds a
 * channel left `sending` (its process died mid-call) marks it `unknown`
 * rather than text twice: the admin may resend. A failure that waiting may
 * fix puts the channel back to `queued` and fails the run, so the job is
 * retried with backoff.
 */
@inject()
export class MessageDelivery {
  constructor(
    protected sms: SmsChannel,
    protected mail: MessagingMailer
  ) {}

  /** The placeholders' values that are the same for every recipient of a message. */
  async messageValues(message: Message) {
    const project = message.projectId ? await Project.find(message.projectId) : null
    let location = message.locationText ?? ''
    if (!location && project?.locationId) {
      const place = await Location.find(project.locationId)
      location = place?.name ?? ''
    }
    return {
      project: project?.name ?? '',
      dates: message.datesText ?? projectDates(project),
      callTime: message.callTime ?? '',
      location,
    }
  }

  /** The placeholders' values for one recipient. */
  async placeholderValues(
    message: Message,
    recipient: Pick<MessageRecipient, 'id' | 'name' | 'firstName'>,
    shared?: Awaited<ReturnType<MessageDelivery['messageValues']>>
  ) {
    return {
      ...(shared ?? (await this.messageValues(message))),
      firstName: recipient.firstName ?? firstNameOf(recipient.name),
      answerLink: answerUrl(recipient.id),
    } satisfies PlaceholderValues
  }

  /**
   * What each recipient was sent, for the staff's view of a message: their
   * own subject and text, with their personal link shown as a label (it is
   * the recipient's key to answer, not the staff's), and a headline for the
   * message as a whole: its subject when nothing in it is personal.
   */
  async copies(message: Message, recipients: MessageRecipient[]) {
    const shared = await this.messageValues(message)
    const headline = messageHeadline(message.subject, shared)
    const copies = new Map<number, { subject: string; text: string }>()
    for (const recipient of recipients) {
      const values = {
        ...(await this.placeholderValues(message, recipient, shared)),
        answerLink: `[${recipient.name}'s answer link]`,
      }
      copies.set(recipient.id, {
        subject: fillPlaceholders(message.subject, values),
        text: fillPlaceholders(message.body, values),
      })
    }
    return { headline, copies }
  }

  async deliver(recipientId: number, { isLastAttempt }: { isLastAttempt: boolean }) {
    const recipient = await MessageRecipient.find(recipientId)
    if (!recipient) {
      return { skipped: 'recipient removed' }
    }
    const message = await Message.findOrFail(recipient.messageId)
    if (message.status === 'cancelled') {
      return { skipped: 'message cancelled' }
    }
    const values = await this.placeholderValues(message, recipient)
    const retry: string[] = []

    if (wantsSms(recipient)) {
      const outcome = await this.#sendSms(recipient, fillPlaceholders(message.body, values))
      if (outcome === 'retry' && !isLastAttempt) {
        retry.push(`SMS: ${recipient.smsError}`)
      }
    }
    if (wantsEmail(recipient)) {
      const outcome = await this.#sendEmail(recipient, message, values)
      if (outcome === 'retry' && !isLastAttempt) {
        retry.push(`email: ${recipient.emailError}`)
      }
    }
    const final = await this.#settle(recipient.id, isLastAttempt)
    if (retry.length) {
      throw new DeliveryRetryError(retry.join('; '))
    }
    return { status: final.status, sms: final.smsStatus, email: final.emailStatus }
  }

  /** Takes a channel for this run: true when it was queued and is now ours. */
  async #claim(recipient: MessageRecipient, column: 'sms_status' | 'email_status') {
    const recipientId = recipient.id
    const claimed = await db
      .from('message_recipients')
      .where('id', recipientId)
      .where(column, 'queued')
      .update({ [column]: 'sending', updated_at: new Date() })
    if (Number(claimed) === 1) {
      await recipient.refresh()
      return true
    }
    // Left `sending` by a run that died mid-call: whether it went is unknown.
    await db
      .from('message_recipients')
      .where('id', recipientId)
      .where(column, 'sending')
      .update({
        [column]: 'unknown',
        [column === 'sms_status' ? 'sms_error' : 'email_error']:
          'The sender stopped while sending: it may or may not have arrived. Resend if needed.',
        updated_at: new Date(),
      })
    return false
  }

  async #sendSms(recipient: MessageRecipient, body: string): Promise<'done' | 'retry'> {
    if (!(await this.#claim(recipient, 'sms_status'))) {
      return 'done'
    }
    const skip = async (reason: string) => {
      recipient.merge({ smsStatus: 'skipped', smsError: reason })
      await recipient.save()
      return 'done' as const
    }
    if (!this.sms.client) {
      return skip('SMS is off')
    }
    if (!recipient.phone) {
      return skip('No valid mobile number')
    }
    const optOut = await SmsOptOut.find(recipient.phone)
    if (optOut?.optedOut) {
      return skip(`Opted out (${optOut.keyword}, ${optOut.changedAt.toISO()})`)
    }
    recipient.attempts += 1
    try {
      const sent = await this.sms.client.send(recipient.phone, body, smsStatusCallbackUrl())
      recipient.merge({
        smsSid: sent.sid,
        smsStatus: sent.status === 'failed' ? 'failed' : 'sent',
        smsError: null,
        sentAt: recipient.sentAt ?? DateTime.now(),
      })
      await recipient.save()
      return 'done'
    } catch (error) {
      const failure =
        error instanceof SmsSendError ? error : new SmsSendError(String(error), false, true)
      recipient.merge({
        smsStatus: failure.transient ? 'queued' : failure.outcomeUnknown ? 'unknown' : 'failed',
        smsError: failure.message,
      })
      await recipient.save()
      return failure.transient ? 'retry' : 'done'
    }
  }

  async #sendEmail(
    recipient: MessageRecipient,
    message: Message,
    values: PlaceholderValues
  ): Promise<'done' | 'retry'> {
    if (!(await this.#claim(recipient, 'email_status'))) {
      return 'done'
    }
    if (!recipient.email) {
      recipient.merge({ emailStatus: 'skipped', emailError: 'No email address' })
      await recipient.save()
      return 'done'
    }
    const from =
      env.get('MESSAGING_FROM_EMAIL') ?? env.get('MAIL_FROM_ADDRESS') ?? 'no-reply@localhost'
    try {
      const sent = await this.mail.mailer.send((mailMessage) => {
        mailMessage
          .to(recipient.email!, recipient.name)
          .from(from, env.get('MAIL_FROM_NAME') ?? 'Production Suite')
          .subject(fillPlaceholders(message.subject, values))
          .text(fillPlaceholders(message.body, values))
      })
      recipient.merge({
        emailStatus: 'sent',
        emailError: null,
        // The provider's id (Resend's), which its delivery events name.
        emailMessageId: sent?.messageId ?? null,
        sentAt: recipient.sentAt ?? DateTime.now(),
      })
      await recipient.save()
      return 'done'
    } catch (error) {
      recipient.merge({ emailStatus: 'queued', emailError: (error as Error).message })
      await recipient.save()
      return 'retry'
    }
  }

  /** Recomputes the shown state; on the last attempt a channel still queued has failed. */
  async #settle(recipientId: number, isLastAttempt: boolean) {
    const recipient = await MessageRecipient.findOrFail(recipientId)
    if (isLastAttempt) {
      if (recipient.smsStatus === 'queued' && wantsSms(recipient)) {
        recipient.smsStatus = 'failed'
      }
      if (recipient.emailStatus === 'queued' && wantsEmail(recipient)) {
        recipient.emailStatus = 'failed'
      }
    }
    recipient.status = overallState(recipient)
    await recipient.save()
    return recipient
  }
}
