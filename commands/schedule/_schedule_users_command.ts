import {
  RelyingPartyUsersCommand,
  type UsersCommandsApp,
} from '#commands/shared/_relying_party_users_command'
import type AppUser from '#models/schedule/app_user'

/** schedule's side of the shared users commands (spec 3, app_users). */
export const scheduleUsersApp: UsersCommandsApp = {
  appId: 'schedule',
  async users() {
    const { ScheduleUsers } = await import('#services/schedule/people/schedule_users')
    return new ScheduleUsers()
  },
  async validEmail(email) {
    const { lookupEmailValidator } = await import('#validators/schedule/user_validators')
    const valid = await lookupEmailValidator.validate({ email })
    return valid.email
  },
  whatStays: 'what they wrote stays',
  lastColumn: ['Last sign-in', (user) => (user as AppUser).lastLoginAt?.toISODate() ?? 'never'],
}

export abstract class ScheduleUsersCommand extends RelyingPartyUsersCommand {
  protected people = scheduleUsersApp
}
