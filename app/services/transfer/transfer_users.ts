import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Session } from '@adonisjs/session'
import {
  EmailTakenError,
  normalizeEmail,
  RelyingPartyUsers,
  RelyingPartyUsersError,
  type PersonChanges,
} from '#services/shared/relying_party/relying_party_users'
import User from '#models/transfer/user'

export {
  EmailTakenError,
  LastAdminError,
  UserNotFoundError,
} from '#services/shared/relying_party/relying_party_users'
export { RelyingPartyUsersError as TransferUsersError }

/** PATCH /api/users/:id (spec 2) may also change the email. */
export type UserChanges = PersonChanges & { email?: string }

/**
 * The people allowed into transfer (spec 2, users). Beyond the shared rules:
 * displayName starts as the part of the email before the at-sign, an admin
 * may change a user's email, and the session keeps the role, email and name
 * (spec 2's session fields), so they follow the table.
 */
export class TransferUsers extends RelyingPartyUsers<typeof User> {
  protected model = User

  protected newPerson(email: string) {
    return { displayName: email.split('@')[0] }
  }

  update(id: string, changes: UserChanges) {
    return super.update(id, changes)
  }

  protected async applyChanges(trx: TransactionClientContract, user: User, changes: UserChanges) {
    if (changes.email !== undefined) {
      const email = normalizeEmail(changes.email)
      const holder = await User.query({ client: trx })
        .whereRaw('lower(email) = ?', [email])
        .whereNot('id', user.id)
        .first()
      if (holder) {
        throw new EmailTakenError()
      }
      if (email !== user.email) {
        // Another address may be another sso account: the link is made again at its first sign-in.
        user.ssoUserId = null
      }
      user.email = email
    }
    await super.applyChanges(trx, user, changes)
  }

  /**
   * The signed-in person as the database has them now. The session follows
   * (role, email, name), so removing someone or changing their role takes
   * effect on their next request; the session of a removed person, or one
   * whose sign-in sso has ended, is cleared.
   */
  async signedIn(session: Session) {
    const user = await super.signedIn(session)
    if (!user) {
      if (session.has('userId')) {
        session.clear()
      }
      return null
    }
    const current = { userRole: user.role, userEmail: user.email, userName: user.displayName }
    for (const [key, value] of Object.entries(current)) {
      if (session.get(key) !== value) {
        session.put(key, value)
      }
    }
    return user
  }
}
