import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { TransferEmailTemplates, isEmailTemplateType } from '#services/transfer/email_templates'
import { TransferMailer } from '#services/transfer/transfer_mailer'
import { serializer } from '#services/shared/serialize'
import EmailTemplateTransformer from '#transformers/transfer/email_template_transformer'
import {
  emailTemplatePreviewValidator,
  emailTemplateValidator,
} from '#validators/transfer/email_template_validators'
import EmailPreviewTransformer from '#transformers/transfer/email_preview_transformer'

/** GET, PUT, DELETE /api/email-templates/:type of spec 2, the list and a preview. */
@inject()
export default class EmailTemplatesController {
  constructor(
    protected templates: TransferEmailTemplates,
    protected mailer: TransferMailer
  ) {}

  async index() {
    return serializer.serialize(EmailTemplateTransformer.transform(await this.templates.list()))
  }

  async show({ params, response }: HttpContext) {
    if (!isEmailTemplateType(params.type)) {
      return notFound(response)
    }
    return serializer.serialize(
      EmailTemplateTransformer.transform(await this.templates.find(params.type))
    )
  }

  async update({ params, request, response, session }: HttpContext) {
    const type = String(params.type)
    if (!isEmailTemplateType(type)) {
      return notFound(response)
    }
    const { subject, body } = await request.validateUsing(emailTemplateValidator, {
      meta: { type },
    })
    await this.templates.save(type, subject, body, session.get('userId'))
    return serializer.serialize(EmailTemplateTransformer.transform(await this.templates.find(type)))
  }

  /** Back to the shipped default. */
  async destroy({ params, response }: HttpContext) {
    if (!isEmailTemplateType(params.type)) {
      return notFound(response)
    }
    await this.templates.restoreDefault(params.type)
    return { success: true }
  }

  async preview({ params, request, response }: HttpContext) {
    const type = String(params.type)
    if (!isEmailTemplateType(type)) {
      return notFound(response)
    }
    const draft = await request.validateUsing(emailTemplatePreviewValidator, { meta: { type } })
    return serializer.serialize(
      EmailPreviewTransformer.transform(await this.mailer.preview(type, draft))
    )
  }
}

function notFound(response: HttpContext['response']) {
  return response.status(404).send({ error: 'Unknown email template' })
}
