import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { Exception } from '@adonisjs/core/exceptions'
import {
  createUserValidator,
  lookupEmailValidator,
  updateUserValidator,
} from '#validators/schedule/user_validators'
import { ScheduleUsers } from '#services/schedule/people/schedule_users'
import { lookUpEmail } from '#services/schedule/people/email_lookup'
import { serializer } from '#services/shared/serialize'
import AppUserTransformer from '#transformers/schedule/app_user_transformer'

/**
 * The people of schedule (spec 3, Administration: /api/admin/users and
 * /api/auth/lookup-email). The users' rules answer with their own status.
 */
@inject()
export default class AdminUsersController {
  constructor(protected users: ScheduleUsers) {}

  async index() {
    return serializer.serialize(AppUserTransformer.transform(await this.users.list()))
  }

  async store({ request, response }: HttpContext) {
    const { email, role } = await request.validateUsing(createUserValidator)
    const user = await this.users.create(email, role)
    return response.status(201).send(await serializer.serialize(AppUserTransformer.transform(user)))
  }

  async update({ params, request }: HttpContext) {
    const changes = await request.validateUsing(updateUserValidator)
    const user = await this.users.update(params.id, changes)
    return serializer.serialize(AppUserTransformer.transform(user))
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    if (params.id === scheduleUser.id) {
      throw new Exception('You cannot delete yourself', { status: 400 })
    }
    await this.users.remove(params.id)
    return { success: true }
  }

  async lookupEmail({ request }: HttpContext) {
    const { email } = await request.validateUsing(lookupEmailValidator, { data: request.qs() })
    return lookUpEmail(this.users, email)
  }
}
