import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { bootstrapValidator } from '#validators/schedule/user_validators'
import { ScheduleBootstrap } from '#services/schedule/people/bootstrap'

/** POST /api/admin/bootstrap (spec 3): the first admin of an empty schedule. */
@inject()
export default class BootstrapController {
  constructor(protected bootstrap: ScheduleBootstrap) {}

  async store({ request, response }: HttpContext) {
    this.bootstrap.checkSecret(request.header('x-bootstrap-secret'))
    const { email, ssoUserId } = await request.validateUsing(bootstrapValidator)
    const admin = await this.bootstrap.createFirstAdmin(email, ssoUserId)
    return response.status(201).send(admin)
  }
}
