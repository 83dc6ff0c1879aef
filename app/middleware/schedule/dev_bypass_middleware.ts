import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import env from '#start/env'
import type AppUser from '#models/schedule/app_user'
import { EmailTakenError, ScheduleUsers } from '#services/schedule/people/schedule_users'
import { scheduleSession } from '#services/schedule/people/schedule_session'
import { toSessionUser } from '#services/schedule/people/schedule_sign_in'

/*
 * The bypass person, added on the first request. A page opening fires
 * several requests at once: all but the first find the person another one
 * has just added, instead of failing on the taken email.
 */
async function adminFor(email: string): Promise<AppUser> {
  const users = new ScheduleUsers()
  const found = await users.findByEmail(email)
  if (found) {
    return found
  }
  try {
    return await users.create(email, 'admin')
  } catch (error) {
    if (error instanceof EmailTakenError) {
      return (await users.findByEmail(email))!
    }
    throw error
  }
}

/**
 * Development bypass of spec 3: with NODE_ENV=development and DEV_BYPASS_EMAIL
 * set, a request without a session gets an admin session for that email. It
 * is inert in every other environment.
 */
export default class DevBypassMiddleware {
  async handle({ session }: HttpContext, next: NextFn) {
    const email = env.get('DEV_BYPASS_EMAIL')
    if (email && env.get('NODE_ENV') === 'development' && !session.get('userId')) {
      const user = await adminFor(email)
      scheduleSession.start(session, { ...toSessionUser(user), role: 'admin' })
    }
    return next()
  }
}
