import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Message from '#models/schedule/message'
import MessageRecipient, { type AvailabilityAnswer } from '#models/schedule/message_recipient'
import Project from '#models/schedule/project'
import { recipientOfToken } from '#services/schedule/messaging/answer_links'

export type AnswerLinkState =
  | { state: 'open'; recipient: MessageRecipient; message: Message; project: Project | null }
  | { state: 'expired'; recipient: MessageRecipient; message: Message; project: Project | null }
  | { state: 'unknown' }

/**
 * A recipient's answer (available, unavailable, maybe, with a note), from
 * their answer link or an SMS reply. It may be changed until answers close.
 * When the message says so, the answer also sets the person's roster status
 * on the message's project.
 */
export class AvailabilityAnswers {
  async byToken(token: string): Promise<AnswerLinkState> {
    const recipientId = recipientOfToken(token)
    const recipient = recipientId ? await MessageRecipient.find(recipientId) : null
    if (!recipient) {
      return { state: 'unknown' }
    }
    const message = await Message.findOrFail(recipient.messageId)
    const project = message.projectId ? await Project.find(message.projectId) : null
    if (message.status !== 'sent' || message.answersCloseAt <= DateTime.now()) {
      return { state: 'expired', recipient, message, project }
    }
    return { state: 'open', recipient, message, project }
  }

  async record(
    recipient: MessageRecipient,
    message: Message,
    answer: AvailabilityAnswer,
    note: string | null,
    via: 'link' | 'sms'
  ) {
    await db.transaction(async (trx) => {
      recipient.useTransaction(trx)
      recipient.merge({
        answer,
        answerNote: note,
        answeredVia: via,
        answeredAt: DateTime.now(),
        status: 'answered',
      })
      await recipient.save()
      const statusId = {
        available: message.availableStatusId,
        unavailable: message.unavailableStatusId,
        maybe: message.maybeStatusId,
      }[answer]
      if (message.projectId && statusId) {
        const [table, column] =
          recipient.resourceType === 'crew'
            ? ['project_crew', 'crew_id']
            : ['project_vendor', 'vendor_id']
        await trx
          .from(table)
          .where('project_id', message.projectId)
          .where(column, recipient.resourceId)
          .update({ status_id: statusId, updated_at: new Date() })
      }
    })
    return recipient
  }

  /** The latest texted recipient of this number whose answers are still open. */
  async openRecipientForPhone(phone: string) {
    return MessageRecipient.query()
      .where('phone', phone)
      .whereNot('channel', 'email')
      .whereNotNull('smsSid')
      .whereHas('message', (query) => {
        query.where('status', 'sent').where('answersCloseAt', '>', DateTime.now().toSQL()!)
      })
      .preload('message')
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .first()
  }
}
