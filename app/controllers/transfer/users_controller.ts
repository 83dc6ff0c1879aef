import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { createUserValidator, updateUserValidator } from '#validators/transfer/user_validators'
import { TransferUsers, TransferUsersError } from '#services/transfer/transfer_users'
import { serializer } from '#services/shared/serialize'
import UserTransformer from '#transformers/transfer/user_transformer'

/** User management of spec 2 (/api/users). */
@inject()
export default class UsersController {
  constructor(protected users: TransferUsers) {}

  async index() {
    return serializer.serialize(UserTransformer.transform(await this.users.list()))
  }

  async store({ request, response }: HttpContext) {
    const { email, role } = await request.validateUsing(createUserValidator)
    return this.answer(response, async () =>
      response
        .status(201)
        .send(
          await serializer.serialize(
            UserTransformer.transform(await this.users.create(email, role))
          )
        )
    )
  }

  /** An admin cannot make themselves staff: they would lock themselves out mid-task. */
  async update({ params, request, response, session }: HttpContext) {
    const changes = await request.validateUsing(updateUserValidator)
    if (params.id === session.get('userId') && changes.role === 'staff') {
      return response.status(400).send({ error: 'You cannot remove your own admin role' })
    }
    return this.answer(response, async () =>
      serializer.serialize(UserTransformer.transform(await this.users.update(params.id, changes)))
    )
  }

  async destroy({ params, response, session }: HttpContext) {
    if (params.id === session.get('userId')) {
      return response.status(400).send({ error: 'You cannot delete your own account' })
    }
    return this.answer(response, async () => {
      await this.users.remove(params.id)
      return { success: true }
    })
  }

  /** The users' rules answer with their own status and `{ error }`. */
  protected async answer<T>(response: HttpContext['response'], action: () => Promise<T>) {
    try {
      return await action()
    } catch (error) {
      if (error instanceof TransferUsersError) {
        return response.status(error.status).send({ error: error.message })
      }
      throw error
    }
  }
}
