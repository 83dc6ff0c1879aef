import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { TransferUsers } from '#services/transfer/transfer_users'

/**
 * requireAuth of spec 2, section 5. The person must still exist: removing
 * someone ends their access at their next request, not when their 30-day
 * session runs out.
 */
@inject()
export default class RequireAuthMiddleware {
  constructor(protected users: TransferUsers) {}

  async handle({ session, response }: HttpContext, next: NextFn) {
    if (!(await this.users.signedIn(session))) {
      return response.status(401).send({ error: 'Authentication required' })
    }
    return next()
  }
}
