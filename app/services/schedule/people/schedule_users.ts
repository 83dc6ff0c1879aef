import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { RelyingPartyUsers } from '#services/shared/relying_party/relying_party_users'
import AppUser, { type ScheduleRole } from '#models/schedule/app_user'

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

  create(
    email: string,
    role: ScheduleRole = 'staff',
    { ssoUserId = 0, client }: { ssoUserId?: number; client?: TransactionClientContract } = {}
  ) {
    return super.create(email, role, { ssoUserId, client })
  }
}
