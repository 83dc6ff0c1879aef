import { BaseTransformer } from '@adonisjs/core/transformers'
import { EMAIL_TEMPLATES, type StoredEmailTemplate } from '#services/transfer/email_templates'

/**
 * One email transfer sends (spec 2: /api/email-templates): the admin's text
 * if they saved one, else the shipped default, with the placeholders it offers.
 */
export default class EmailTemplateTransformer extends BaseTransformer<StoredEmailTemplate> {
  toObject() {
    const { type, stored } = this.resource
    const definition = EMAIL_TEMPLATES[type]
    return {
      type,
      description: definition.description,
      placeholders: definition.placeholders as Record<string, string>,
      subject: stored?.subject ?? definition.subject,
      body: stored?.body ?? definition.body,
      isDefault: !stored,
      defaultSubject: definition.subject,
      defaultBody: definition.body,
      updatedAt: stored?.updatedAt.toISO() ?? null,
    }
  }
}
