import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import type AppUser from '#models/schedule/app_user'
import Message from '#models/schedule/message'
import MessageRecipient, { type MessageChannel } from '#models/schedule/message_recipient'
import MessageTemplate from '#models/schedule/message_template'
import Project from '#models/schedule/project'
import SmsOptOut from '#models/schedule/sms_opt_out'
import { JobRuntime } from '#services/shared/jobs/job_runtime'
import { RecordNotFoundError } from '#services/schedule/directory/record_errors'
import { SmsChannel } from '#services/schedule/messaging/sms_channel'
import {
  MessageDelivery,
  SEND_TO_RECIPIENT_JOB,
  projectDates,
} from '#services/schedule/messaging/message_delivery'
import {
  resolveAudience,
  type AudienceMember,
  type AudienceSelection,
} from '#services/schedule/messaging/message_audience'
import {
  fillPlaceholders,
  messageHeadline,
  unknownPlaceholders,
} from '#services/schedule/messaging/message_placeholders'
import { smsLength } from '#services/schedule/messaging/sms_segments'
import { MessagingError } from '#services/schedule/messaging/messaging_error'

/** Answer links stay open this long after sending unless the admin says otherwise. */
const DEFAULT_ANSWER_WINDOW_DAYS = 14

export interface Composition {
  audience: AudienceSelection
  templateId?: number | null
  subject?: string | null
  body?: string | null
  channel: MessageChannel
  /** Per-person channel, keyed `crew:12` or `vendor:3`. */
  channels?: Record<string, MessageChannel>
  sendAt?: DateTime | null
  answersCloseAt?: DateTime | null
  dates?: string | null
  callTime?: string | null
  location?: string | null
  /** Roster statuses an answer moves the person to on the project. */
  rosterStatuses?: { available?: number | null; unavailable?: number | null; maybe?: number | null }
}

/**
 * The channel a person actually gets: what was asked, except that a text
 * without a valid number (or while SMS is off) falls back to email.
 */
function channelFor(member: AudienceMember, wanted: MessageChannel, smsEnabled: boolean) {
  const canText = smsEnabled && member.phone !== null
  if (wanted === 'email' || canText || !member.email) {
    return wanted === 'both' && !member.email ? 'sms' : wanted
  }
  return 'email'
}

/**
 * Availability requests (spec 3, messages and message_recipients): composed
 * by someone signed in, sent now or at a chosen time, one durable job per
 * recipient. Creating the jobs happens in the transaction that marks the
 * message sent, so a message is never half released.
 */
@inject()
export class AvailabilityMessages {
  constructor(
    protected jobs: JobRuntime,
    protected sms: SmsChannel,
    protected delivery: MessageDelivery
  ) {}

  async #text(composition: Composition) {
    const template = composition.templateId
      ? await MessageTemplate.find(composition.templateId)
      : null
    if (composition.templateId && !template) {
      throw new RecordNotFoundError('Template not found')
    }
    const body = composition.body?.trim() || template?.body
    if (!body) {
      throw new MessagingError('Write the text or pick a template', 422)
    }
    const project = composition.audience.projectId
      ? await Project.find(composition.audience.projectId)
      : null
    const subject =
      composition.subject?.trim() ||
      template?.subject ||
      (project ? `Availability: ${project.name}` : 'Availability request')
    return { template, body, subject }
  }

  /** What each person would get, before anything is sent. */
  async preview(composition: Composition) {
    const { body, subject } = await this.#text(composition)
    const audience = await resolveAudience(composition.audience)
    const draft = new Message().merge({
      projectId: composition.audience.projectId ?? null,
      subject,
      body,
      datesText: composition.dates ?? null,
      callTime: composition.callTime ?? null,
      locationText: composition.location ?? null,
    })
    const optedOut = await this.#optedOut(audience)
    const shared = await this.delivery.messageValues(draft)
    const recipients = []
    for (const member of audience) {
      const key = `${member.resourceType}:${member.resourceId}`
      const channel = channelFor(
        member,
        composition.channels?.[key] ?? composition.channel,
        this.sms.enabled
      )
      // A preview has no recipient yet: a sample link shows the length a real one takes.
      const values = await this.delivery.placeholderValues(
        draft,
        { id: 0, name: member.name, firstName: member.firstName },
        shared
      )
      const text = fillPlaceholders(body, values)
      recipients.push({
        key,
        resourceType: member.resourceType,
        resourceId: member.resourceId,
        name: member.name,
        phone: member.phone,
        phoneAsEntered: member.phoneAsEntered,
        email: member.email,
        channel,
        optedOut: member.phone ? optedOut.has(member.phone) : false,
        subject: fillPlaceholders(subject, values),
        text,
        sms: channel === 'email' ? null : smsLength(text),
      })
    }
    return {
      smsEnabled: this.sms.enabled,
      unknownPlaceholders: unknownPlaceholders(body),
      template: smsLength(body),
      recipients,
    }
  }

  async #optedOut(audience: AudienceMember[]) {
    const phones = audience.map((member) => member.phone).filter((phone) => phone !== null)
    if (!phones.length) {
      return new Set<string>()
    }
    const rows = await SmsOptOut.query().whereIn('phone', phones).where('optedOut', true)
    return new Set(rows.map((row) => row.phone))
  }

  async compose(author: AppUser, composition: Composition) {
    const { template, body, subject } = await this.#text(composition)
    const audience = await resolveAudience(composition.audience)
    if (!audience.length) {
      throw new MessagingError('Nobody matches: pick at least one person', 422)
    }
    const now = DateTime.now()
    const sendAt = composition.sendAt && composition.sendAt > now ? composition.sendAt : now
    const answersCloseAt =
      composition.answersCloseAt ?? sendAt.plus({ days: DEFAULT_ANSWER_WINDOW_DAYS })
    if (answersCloseAt <= sendAt) {
      throw new MessagingError('Answers must close after the message is sent', 422)
    }
    return db.transaction(async (trx) => {
      const message = await Message.create(
        {
          projectId: composition.audience.projectId ?? null,
          templateId: template?.id ?? null,
          subject,
          body,
          datesText: composition.dates ?? null,
          callTime: composition.callTime ?? null,
          locationText: composition.location ?? null,
          status: 'scheduled',
          sendAt,
          answersCloseAt,
          availableStatusId: composition.rosterStatuses?.available ?? null,
          unavailableStatusId: composition.rosterStatuses?.unavailable ?? null,
          maybeStatusId: composition.rosterStatuses?.maybe ?? null,
          createdBy: author.id,
          createdByName: author.displayName,
        },
        { client: trx }
      )
      // One statement for the whole audience (createMany would insert row by row).
      const createdAt = new Date()
      await trx.table('message_recipients').multiInsert(
        audience.map((member) => {
          const key = `${member.resourceType}:${member.resourceId}`
          const channel = channelFor(
            member,
            composition.channels?.[key] ?? composition.channel,
            this.sms.enabled
          )
          return {
            message_id: message.id,
            resource_type: member.resourceType,
            resource_id: member.resourceId,
            name: member.name,
            first_name: member.firstName,
            phone: member.phone,
            email: member.email,
            channel,
            status: 'queued',
            sms_status: channel === 'email' ? null : 'queued',
            email_status: channel === 'sms' ? null : 'queued',
            attempts: 0,
            created_at: createdAt,
            updated_at: createdAt,
          }
        })
      )
      if (sendAt <= now) {
        await this.#release(message, trx)
      }
      return message
    })
  }

  /** Hands a message's recipients to the workers: one job each. */
  async #release(message: Message, trx: TransactionClientContract) {
    const recipients = await MessageRecipient.query({ client: trx })
      .where('messageId', message.id)
      .select('id')
    await this.jobs.sendMany(
      SEND_TO_RECIPIENT_JOB,
      recipients.map((recipient) => ({ recipientId: recipient.id })),
      { client: trx }
    )
    message.useTransaction(trx)
    message.status = 'sent'
    await message.save()
  }

  /**
   * Releases every scheduled message whose time has come (the minute job and
   * `schedule:messages:send-due`). Rows are locked and skipped when another
   * instance holds them, so each message is released once.
   */
  async sendDue() {
    let released = 0
    for (;;) {
      const done = await db.transaction(async (trx) => {
        const message = await Message.query({ client: trx })
          .where('status', 'scheduled')
          .where('sendAt', '<=', DateTime.now().toSQL()!)
          .orderBy('sendAt')
          .forUpdate()
          .skipLocked()
          .first()
        if (!message) {
          return true
        }
        await this.#release(message, trx)
        return false
      })
      if (done) {
        return { released }
      }
      released++
    }
  }

  /** Newest first, with counts of recipients per state. */
  async list() {
    const messages = await Message.query().orderBy('createdAt', 'desc').limit(200)
    const counts = await db
      .from('message_recipients')
      .whereIn(
        'message_id',
        messages.map((message) => message.id)
      )
      .groupBy('message_id', 'status')
      .select('message_id', 'status')
      .count('* as total')
    // Headlines from each message's own values and its project (one query for all).
    const projectIds = [...new Set(messages.map((message) => message.projectId))].filter(
      (id) => id !== null
    )
    const projects = projectIds.length ? await Project.query().whereIn('id', projectIds) : []
    const byId = new Map(projects.map((project) => [project.id, project]))
    return messages.map((message) => ({
      message,
      headline: messageHeadline(message.subject, {
        project: byId.get(message.projectId ?? 0)?.name ?? '',
        dates: message.datesText ?? projectDates(byId.get(message.projectId ?? 0) ?? null),
        callTime: message.callTime ?? '',
        location: message.locationText ?? '',
      }),
      counts: Object.fromEntries(
        counts
          .filter((row) => row.message_id === message.id)
          .map((row) => [row.status, Number(row.total)])
      ),
    }))
  }

  async find(messageId: number) {
    const message = await Message.find(messageId)
    if (!message) {
      throw new RecordNotFoundError('Message not found')
    }
    const recipients = await MessageRecipient.query()
      .where('messageId', messageId)
      .orderBy('name')
      .orderBy('id')
    return { message, recipients }
  }

  /** A message with each recipient's copy as sent, and a headline without placeholders. */
  async detail(messageId: number) {
    const { message, recipients } = await this.find(messageId)
    const { headline, copies } = await this.delivery.copies(message, recipients)
    return { message, recipients, headline, copies }
  }

  /** Sends one person's copy again (after a failure, or to reach them once more). */
  async resend(messageId: number, recipientId: number) {
    const recipient = await MessageRecipient.query()
      .where('id', recipientId)
      .where('messageId', messageId)
      .first()
    if (!recipient) {
      throw new RecordNotFoundError('Recipient not found')
    }
    const message = await Message.findOrFail(messageId)
    if (message.status !== 'sent') {
      throw new MessagingError('This message has not been sent yet', 409)
    }
    await db.transaction(async (trx) => {
      recipient.useTransaction(trx)
      recipient.merge({
        smsStatus: recipient.channel === 'email' ? null : 'queued',
        smsSid: null,
        smsError: null,
        emailStatus: recipient.channel === 'sms' ? null : 'queued',
        emailError: null,
        deliveredAt: null,
      })
      recipient.status = recipient.answer ? 'answered' : recipient.replyText ? 'replied' : 'queued'
      await recipient.save()
      await this.jobs.send(SEND_TO_RECIPIENT_JOB, { recipientId: recipient.id }, { client: trx })
    })
    return recipient
  }
}
