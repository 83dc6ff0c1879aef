import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { createUserValidator } from '#validators/transfer/user_validators'
import { EmailTakenError, TransferUsers } from '#services/transfer/transfer_users'

/** User management of spec 2 (GET and POST /api/users). */
@inject()
export default class UsersController {
  constructor(protected users: TransferUsers) {}

  async index() {
    return this.users.list()
  }

  async store({ request, response }: HttpContext) {
    const { email, role } = await request.validateUsing(createUserValidator)
    try {
      return response.status(201).send(await this.users.create(email, role))
    } catch (error) {
      if (error instanceof EmailTakenError) {
        return response.status(409).send({ error: error.message })
      }
      throw error
    }
  }
}
