import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ScheduleUsers } from '#services/schedule/people/schedule_users'

/**
 * requireAdmin of spec 3, section 5: 401 without a user, 403 for staff. The
 * role is read from app_users, so making an admin staff takes effect at once.
 */
@inject()
export default class RequireAdminMiddleware {
  constructor(protected users: ScheduleUsers) {}

  async handle(ctx: HttpContext, next: NextFn) {
    const user = await this.users.signedIn(ctx.session)
    if (!user) {
      return ctx.response.status(401).send({ message: 'Not authenticated' })
    }
    if (user.role !== 'admin') {
      return ctx.response.status(403).send({ message: 'Admin access required' })
    }
    ctx.scheduleUser = user
    return next()
  }
}
