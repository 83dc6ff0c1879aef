import { randomBytes } from 'node:crypto'
import type { ScheduleRole } from '#models/schedule/app_user'
import { ScheduleUsers } from '#services/schedule/people/schedule_users'
import { toSessionUser } from '#services/schedule/people/schedule_sign_in'

/**
 * A person in schedule's app_users and the session fields sign-in would give
 * them (spec 3, section 2). The guards read app_users on every request, so a
 * session needs a real person behind it.
 */
export async function schedulePerson(role: ScheduleRole, email?: string) {
  const user = await new ScheduleUsers().create(
    email ?? `${role}.${randomBytes(4).toString('hex')}@example.com`,
    role
  )
  // The session keeps no null values (sign-in forgets them, see scheduleSession.start).
  const session = Object.fromEntries(
    Object.entries(toSessionUser(user)).filter(([, value]) => value !== null)
  ) as Record<string, string | number>
  return { user, session }
}
