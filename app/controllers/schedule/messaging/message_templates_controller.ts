import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import {
  createTemplateValidator,
  updateTemplateValidator,
} from '#validators/schedule/messaging_validators'
import { MessageTemplatesBook } from '#services/schedule/messaging/message_templates_book'
import { serializer } from '#services/shared/serialize'
import MessageTemplateTransformer from '#transformers/schedule/message_template_transformer'

/** Message templates: read by anyone signed in, changed by admins. */
@inject()
export default class MessageTemplatesController {
  constructor(protected book: MessageTemplatesBook) {}

  async index() {
    return serializer.serialize(MessageTemplateTransformer.transform(await this.book.list()))
  }

  async store({ request, response }: HttpContext) {
    const template = await this.book.create(await request.validateUsing(createTemplateValidator))
    return response
      .status(201)
      .send(await serializer.serialize(MessageTemplateTransformer.transform(template)))
  }

  async update({ params, request }: HttpContext) {
    const changes = await request.validateUsing(updateTemplateValidator)
    const template = await this.book.update(Number(params.id), changes)
    return serializer.serialize(MessageTemplateTransformer.transform(template))
  }

  async destroy({ params }: HttpContext) {
    await this.book.remove(Number(params.id))
    return { success: true }
  }
}
