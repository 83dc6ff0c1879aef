import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { Exception } from '@adonisjs/core/exceptions'
import { createUserValidator, updateUserValidator } from '#validators/transfer/user_validators'
import { TransferUsers } from '#services/transfer/transfer_users'
import { serializer } from '#services/shared/serialize'
import UserTransformer from '#transformers/transfer/user_transformer'

/** User management of spec 2 (/api/users). The users' rules answer with their own status. */
@inject()
export default class UsersController {
  constructor(protected users: TransferUsers) {}

  async index() {
    return serializer.serialize(UserTransformer.transform(await this.users.list()))
  }

  async store({ request, response }: HttpContext) {
    const { email, role } = await request.validateUsing(createUserValidator)
    const user = await this.users.create(email, role)
    return response.status(201).send(await serializer.serialize(UserTransformer.transform(user)))
  }

  /** An admin cannot make themselves staff: they would lock themselves out mid-task. */
  async update({ params, request, session }: HttpContext) {
    const changes = await request.validateUsing(updateUserValidator)
    if (params.id === session.get('userId') && changes.role === 'staff') {
      throw new Exception('You cannot remove your own admin role', { status: 400 })
    }
    const user = await this.users.update(params.id, changes)
    return serializer.serialize(UserTransformer.transform(user))
  }

  async destroy({ params, session }: HttpContext) {
    if (params.id === session.get('userId')) {
      throw new Exception('You cannot delete your own account', { status: 400 })
    }
    await this.users.remove(params.id)
    return { success: true }
  }
}
