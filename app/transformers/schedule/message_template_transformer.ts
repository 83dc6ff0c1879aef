import { BaseTransformer } from '@adonisjs/core/transformers'
import type MessageTemplate from '#models/schedule/message_template'
import { smsLength } from '#services/schedule/messaging/sms_segments'

export default class MessageTemplateTransformer extends BaseTransformer<MessageTemplate> {
  toObject() {
    const template = this.resource
    return {
      id: template.id,
      name: template.name,
      kind: template.kind,
      subject: template.subject ?? null,
      body: template.body,
      isDefault: template.isDefault,
      sms: template.kind === 'sms' ? smsLength(template.body) : null,
    }
  }
}
