import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Session } from '@adonisjs/session'
import { RelyingPartyUsers } from '#services/shared/relying_party/relying_party_users'
import AppUser, { type ScheduleRole } from '#models/schedule/app_user'
import { scheduleSession } from '#services/schedule/people/schedule_session'

export {
  EmailTakenError,
  LastAdminError,
  UserNotFoundError,
  RelyingPartyUsersError as ScheduleUsersError,
  type PersonChanges as UserChanges,
} from '#services/shared/relying_party/relying_party_users'

/** "jane.doe@x.com" becomes "Jane Doe" (spec 3: dots become spaces, words capitalised). */
export function displayNameFromEmail(email: string) {
  return email
    .split('@')[0]
    .split('.')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/**
 * The people allowed into schedule (spec 3, app_users), under the shared
 * rules. A new person's name comes from their email the spec's way, their
 * username is the email, and they are not linked to an sso account
 * (ssoUserId 0) until their first sign-in, unless the bootstrap names one.
 */
export class ScheduleUsers extends RelyingPartyUsers<typeof AppUser> {
  protected model = AppUser

  protected newPerson(email: string) {
    return { displayName: displayNameFromEmail(email), username: email }
  }

  /**
   * The signed-in person as the database has them now. The session follows
   * (a new role, email or name shows on the next request, /api/auth/me
   * included), and a removed person's session is cleared.
   */
  async signedIn(session: Session) {
    const user = await super.signedIn(session)
    if (!user) {
      if (session.has('userId')) {
        session.clear()
      }
      return null
    }
    scheduleSession.follow(session, user)
    return user
  }

  create(
    email: string,
    role: ScheduleRole = 'staff',
    { ssoUserId = 0, client }: { ssoUserId?: number; client?: TransactionClientContract } = {}
  ) {
    return super.create(email, role, { ssoUserId, client })
  }
}
