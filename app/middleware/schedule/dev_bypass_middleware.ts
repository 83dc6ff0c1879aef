import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import env from '#start/env'
import type AppUser from '#models/schedule/app_user'
import { ScheduleUsers } from '#services/schedule/schedule_users'
import { scheduleSession } from '#services/schedule/schedule_session'
import { toSessionUser } from '#services/schedule/schedule_sign_in'

/**
 * Development bypass of spec 3: with NODE_ENV=development and DEV_BYPASS_EMAIL
 * set, a request without a session gets an admin session for that email. It
 * is inert in every other environment.
 */
export default class DevBypassMiddleware {
  async handle({ session }: HttpContext, next: NextFn) {
    const email = env.get('DEV_BYPASS_EMAIL')
    if (email && env.get('NODE_ENV') === 'development' && !session.get('userId')) {
      const users = new ScheduleUsers()
      const user: AppUser = (await users.findByEmail(email)) ?? (await users.create(email, 'admin'))
      scheduleSession.start(session, { ...toSessionUser(user), role: 'admin' })
    }
    return next()
  }
}
