import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { createUserValidator } from '#validators/schedule/user_validators'
import { EmailTakenError, ScheduleUsers } from '#services/schedule/schedule_users'

/** GET and POST /api/admin/users of spec 3. */
@inject()
export default class AdminUsersController {
  constructor(protected users: ScheduleUsers) {}

  async index() {
    return this.users.list()
  }

  async store({ request, response }: HttpContext) {
    const { email, role } = await request.validateUsing(createUserValidator)
    try {
      return response.status(201).send(await this.users.create(email, role))
    } catch (error) {
      if (error instanceof EmailTakenError) {
        return response.status(409).send({ message: error.message })
      }
      throw error
    }
  }
}
