import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ScheduleUsers } from '#services/schedule/people/schedule_users'

/**
 * The pages' guard: the API's requireAuth, but a visitor without a session
 * (or whose app_users record was removed) is sent to /login rather than
 * answered 401. Sets `ctx.scheduleUser` as the API guard does.
 */
@inject()
export default class SignedInPageMiddleware {
  constructor(protected users: ScheduleUsers) {}

  async handle(ctx: HttpContext, next: NextFn) {
    const user = await this.users.signedIn(ctx.session)
    if (!user) {
      return ctx.response.redirect('/login')
    }
    ctx.scheduleUser = user
    return next()
  }
}
