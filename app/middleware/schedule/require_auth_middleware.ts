import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type AppUser from '#models/schedule/app_user'
import { ScheduleUsers } from '#services/schedule/people/schedule_users'

declare module '@adonisjs/core/http' {
  interface HttpContext {
    /** The signed-in person, set by the scheduleAuth and scheduleAdmin guards. */
    scheduleUser: AppUser
  }
}

/**
 * requireAuth of spec 3, section 5. The person must still have an app_users
 * record: removing someone ends their access at their next request.
 */
@inject()
export default class RequireAuthMiddleware {
  constructor(protected users: ScheduleUsers) {}

  async handle(ctx: HttpContext, next: NextFn) {
    const user = await this.users.signedIn(ctx.session)
    if (!user) {
      return ctx.response.status(401).send({ message: 'Not authenticated' })
    }
    ctx.scheduleUser = user
    return next()
  }
}
