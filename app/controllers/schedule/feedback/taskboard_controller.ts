import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { taskboardWebhookValidator } from '#validators/schedule/feedback_validators'
import { TaskboardWebhook } from '#services/schedule/feedback/taskboard_webhook'
import { serializer } from '#services/shared/serialize'
import TaskboardStatusTransformer from '#transformers/schedule/taskboard_status_transformer'

/** The taskboard webhook (spec 3, /api/admin/taskboard/*), for admins. */
@inject()
export default class TaskboardController {
  constructor(protected taskboard: TaskboardWebhook) {}

  async status() {
    return serializer.serialize(TaskboardStatusTransformer.transform(await this.taskboard.status()))
  }

  async webhook({ request }: HttpContext) {
    const { url } = await request.validateUsing(taskboardWebhookValidator)
    const { signingSecret, ...status } = await this.taskboard.connect(url)
    return {
      success: true,
      signingSecret,
      status: await serializer.serialize(TaskboardStatusTransformer.transform(status)),
    }
  }

  async disconnect() {
    const status = await this.taskboard.disconnect()
    return {
      success: true,
      status: await serializer.serialize(TaskboardStatusTransformer.transform(status)),
    }
  }

  async test({ response }: HttpContext) {
    if (!(await this.taskboard.isConnected())) {
      return response.status(409).send({ message: 'No taskboard webhook is set up' })
    }
    return this.taskboard.sendTest()
  }
}
