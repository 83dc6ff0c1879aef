import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import {
  submitFeedbackValidator,
  updateFeedbackValidator,
} from '#validators/schedule/feedback_validators'
import { FeedbackInbox } from '#services/schedule/feedback/feedback_inbox'
import { serializer } from '#services/shared/serialize'
import FeedbackTransformer from '#transformers/schedule/feedback_transformer'

/** In-app feedback (spec 3, /api/feedback): sent by anyone signed in, triaged by admins. */
@inject()
export default class FeedbackController {
  constructor(protected inbox: FeedbackInbox) {}

  async store({ request, response, scheduleUser }: HttpContext) {
    const { screenshot, ...fields } = await request.validateUsing(submitFeedbackValidator)
    const feedback = await this.inbox.submit(scheduleUser, fields, screenshot)
    return response
      .status(201)
      .send(await serializer.serialize(FeedbackTransformer.transform(feedback)))
  }

  async index() {
    return serializer.serialize(FeedbackTransformer.transform(await this.inbox.list()))
  }

  async update({ params, request }: HttpContext) {
    const changes = await request.validateUsing(updateFeedbackValidator)
    const feedback = await this.inbox.update(Number(params.id), changes)
    return serializer.serialize(FeedbackTransformer.transform(feedback))
  }

  async destroy({ params }: HttpContext) {
    await this.inbox.remove(Number(params.id))
    return { success: true }
  }

  /** GET /api/feedback/:id/screenshot: admins only. */
  async screenshot({ params, response }: HttpContext) {
    const { bytes, contentType } = await this.inbox.screenshot(Number(params.id))
    response.header('Cache-Control', 'private, no-store')
    return response.type(contentType).send(Buffer.from(bytes))
  }
}
