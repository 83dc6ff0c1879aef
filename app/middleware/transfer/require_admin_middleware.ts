import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { TransferUsers } from '#services/transfer/transfer_users'

/**
 * requireAdmin of spec 2, section 5: 401 without a user, 403 for staff. The
 * role is read from the database, so making an admin staff takes effect at once.
 */
@inject()
export default class RequireAdminMiddleware {
  constructor(protected users: TransferUsers) {}

  async handle({ session, response }: HttpContext, next: NextFn) {
    const user = await this.users.signedIn(session)
    if (!user) {
      return response.status(401).send({ error: 'Authentication required' })
    }
    if (user.role !== 'admin') {
      return response.status(403).send({ error: 'Admin access required' })
    }
    return next()
  }
}
