import vine from '@vinejs/vine'
import { textBlock, textLine } from '#validators/shared/free_text'
import {
  EMAIL_TEMPLATE_TYPES,
  unknownPlaceholders,
  type EmailTemplateType,
} from '#services/transfer/email_templates'

/** A {{placeholder}} the template's type does not offer would be sent as an empty gap. */
const offeredPlaceholders = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') {
    return
  }
  const unknown = unknownPlaceholders(field.meta.type as EmailTemplateType, value)
  if (unknown.length > 0) {
    const names = [...new Set(unknown)].map((name) => `{{${name}}}`).join(', ')
    // The messages provider fills {{ names }} in: the braces of a name cannot go in the text itself.
    field.report('This email has no placeholder {{ names }}', 'placeholders', field, { names })
  }
})

/* Subjects are one header line. */
const subject = textLine().minLength(1).maxLength(200).use(offeredPlaceholders())
const body = textBlock().minLength(1).maxLength(20_000).use(offeredPlaceholders())

export const emailTemplateValidator = vine
  .withMetaData<{ type: EmailTemplateType }>()
  .create({ subject, body })

/** The editor previews unsaved text: either part may be left out (the saved one is used). */
export const emailTemplatePreviewValidator = vine
  .withMetaData<{ type: EmailTemplateType }>()
  .create({ subject: subject.clone().optional(), body: body.clone().optional() })

export const testEmailValidator = vine.create({
  to: vine.string().trim().email().maxLength(254).optional(),
  type: vine.enum(EMAIL_TEMPLATE_TYPES).optional(),
})
