import { BaseTransformer } from '@adonisjs/core/transformers'
import type Message from '#models/schedule/message'

/** A message as its page and list show it (counts of recipients per state, when given). */
export default class MessageTransformer extends BaseTransformer<Message> {
  toObject() {
    const message = this.resource
    return {
      id: message.id,
      projectId: message.projectId ?? null,
      templateId: message.templateId ?? null,
      subject: message.subject,
      body: message.body,
      dates: message.datesText ?? null,
      callTime: message.callTime ?? null,
      location: message.locationText ?? null,
      status: message.status,
      sendAt: message.sendAt.toISO()!,
      answersCloseAt: message.answersCloseAt.toISO()!,
      rosterStatuses: {
        available: message.availableStatusId ?? null,
        unavailable: message.unavailableStatusId ?? null,
        maybe: message.maybeStatusId ?? null,
      },
      createdBy: message.createdByName ?? null,
      createdAt: message.createdAt.toISO()!,
    }
  }
}
