import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Session } from '@adonisjs/session'
import {
  anotherAdminExists,
  isPersonId,
  lockPerson,
} from '#services/shared/relying_party/local_people'
import { isUniqueViolation } from '#services/shared/atomic_writes'
import User, { type TransferRole } from '#models/transfer/user'

/** A change the users' rules refuse; `status` is the HTTP status the API answers with. */
export class TransferUsersError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409
  ) {
    super(message)
  }
}

export class EmailTakenError extends TransferUsersError {
  constructor() {
    super('A user with this email already exists', 409)
  }
}

export class UserNotFoundError extends TransferUsersError {
  constructor() {
    super('User not found', 404)
  }
}

export class LastAdminError extends TransferUsersError {
  constructor() {
    super('The last admin cannot be removed or made staff: make someone else an admin first', 409)
  }
}

export type UserChanges = { email?: string; displayName?: string; role?: TransferRole }

function normalizeEmail(email: string) {
  return email.trim().toLowerCase()
}

/**
 * The people allowed into transfer (spec 2, users). The rules that keep the
 * app manageable live here, so the API and the Ace commands share them: an
 * email belongs to one user, and there is always at least one admin.
 */
export class TransferUsers {
  findByEmail(email: string) {
    return User.query()
      .whereRaw('lower(email) = ?', [normalizeEmail(email)])
      .first()
  }

  /** Ids come from URLs and sessions: anything that is not a UUID matches no one. */
  async findById(id: string) {
    return isPersonId(id) ? User.find(id) : null
  }

  list() {
    return User.query().orderBy('created_at', 'asc').orderBy('email', 'asc')
  }

  hasAdmin() {
    return User.query()
      .where('role', 'admin')
      .first()
      .then((admin) => admin !== null)
  }

  /** displayName starts as the part of the email before the at-sign. */
  async create(email: string, role: TransferRole = 'staff') {
    const normalized = normalizeEmail(email)
    if (await this.findByEmail(normalized)) {
      throw new EmailTakenError()
    }
    return this.uniqueEmail(() =>
      User.create({ email: normalized, role, displayName: normalized.split('@')[0] })
    )
  }

  /** Applies the changes; refuses a taken email and making the last admin staff. */
  async update(id: string, changes: UserChanges) {
    return this.uniqueEmail(() =>
      db.transaction(async (trx) => {
        const user = await this.lockedUser(trx, id)
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
        if (changes.displayName !== undefined) {
          user.displayName = changes.displayName
        }
        if (changes.role !== undefined && changes.role !== user.role) {
          if (user.role === 'admin') {
            await this.ensureAnotherAdmin(trx, user)
          }
          user.role = changes.role
        }
        await user.useTransaction(trx).save()
        return user
      })
    )
  }

  /** Removes the user; their uploads, shares and logs stay (their ids become null). */
  async remove(id: string) {
    await db.transaction(async (trx) => {
      const user = await this.lockedUser(trx, id)
      if (user.role === 'admin') {
        await this.ensureAnotherAdmin(trx, user)
      }
      await user.useTransaction(trx).delete()
    })
  }

  /**
   * The signed-in person as the database has them now. The session follows
   * (role, email, name), so removing someone or changing their role takes
   * effect on their next request; a removed person's session is cleared.
   */
  async signedIn(session: Session) {
    const userId = session.get('userId')
    if (typeof userId !== 'string') {
      return null
    }
    const user = await this.findById(userId)
    if (!user) {
      session.clear()
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

  protected async lockedUser(trx: TransactionClientContract, id: string) {
    const user = await lockPerson(User, trx, id)
    if (!user) {
      throw new UserNotFoundError()
    }
    return user
  }

  protected async ensureAnotherAdmin(trx: TransactionClientContract, user: User) {
    if (!(await anotherAdminExists(User, trx, user.id))) {
      throw new LastAdminError()
    }
  }

  /** The database's unique index settles races between two writers of the same email. */
  protected async uniqueEmail<T>(write: () => Promise<T>) {
    try {
      return await write()
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new EmailTakenError()
      }
      throw error
    }
  }
}
