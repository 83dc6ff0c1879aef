import { Exception } from '@adonisjs/core/exceptions'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Session } from '@adonisjs/session'
import {
  anotherAdminExists,
  isPersonId,
  lockPerson,
} from '#services/shared/relying_party/local_people'
import { isUniqueViolation } from '#services/shared/atomic_writes'
import AppUser, { type ScheduleRole } from '#models/schedule/app_user'

/*
 * Refusals of the users' rules. Each carries its HTTP status, so the API
 * answers `{ message }` with it and the Ace commands print the message.
 */
export class ScheduleUsersError extends Exception {}

export class EmailTakenError extends ScheduleUsersError {
  static status = 409
  constructor() {
    super('A user with this email already exists')
  }
}

export class UserNotFoundError extends ScheduleUsersError {
  static status = 404
  constructor() {
    super('User not found')
  }
}

export class LastAdminError extends ScheduleUsersError {
  static status = 409
  constructor() {
    super('schedule needs at least one admin: make someone else an admin first')
  }
}

export type UserChanges = { role?: ScheduleRole; displayName?: string }

/** "jane.doe@x.com" becomes "Jane Doe" (spec 3: dots become spaces, words capitalised). */
export function displayNameFromEmail(email: string) {
  return email
    .split('@')[0]
    .split('.')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

function normalizeEmail(email: string) {
  return email.trim().toLowerCase()
}

/**
 * The people allowed into schedule (spec 3, app_users). The rules live here so
 * the API and the Ace commands share them: one person per email, and always
 * at least one admin.
 */
export class ScheduleUsers {
  findByEmail(email: string, client?: TransactionClientContract) {
    return AppUser.query({ client })
      .whereRaw('lower(email) = ?', [normalizeEmail(email)])
      .first()
  }

  /** Ids come from URLs and sessions: anything that is not a UUID matches no one. */
  async findById(id: unknown) {
    return isPersonId(id) ? AppUser.find(id) : null
  }

  /**
   * The person behind a session, read from app_users on every request: a
   * removed person is out at once, and a role change applies at once.
   */
  signedIn(session: Session) {
    return this.findById(session.get('userId'))
  }

  list() {
    return AppUser.query().orderBy('created_at', 'asc').orderBy('email', 'asc')
  }

  async hasAnyone(client?: TransactionClientContract) {
    return (await AppUser.query({ client }).select('id').first()) !== null
  }

  /** A new person is not linked to an sso account yet (ssoUserId 0) until their first sign-in. */
  async create(
    email: string,
    role: ScheduleRole = 'staff',
    { ssoUserId = 0, client }: { ssoUserId?: number; client?: TransactionClientContract } = {}
  ) {
    const normalized = normalizeEmail(email)
    if (await this.findByEmail(normalized, client)) {
      throw new EmailTakenError()
    }
    try {
      return await AppUser.create(
        {
          email: normalized,
          role,
          ssoUserId,
          displayName: displayNameFromEmail(normalized),
          username: normalized,
        },
        { client }
      )
    } catch (error) {
      // A concurrent insert of the same email won the race past the check above.
      if (isUniqueViolation(error)) {
        throw new EmailTakenError()
      }
      throw error
    }
  }

  /** Applies the changes; refuses to make the last admin staff. */
  update(id: string, changes: UserChanges) {
    return db.transaction(async (trx) => {
      const user = await this.lockedUser(trx, id)
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
  }

  /** Removes the person; what they wrote stays, without their id. The last admin stays. */
  async remove(id: string) {
    await db.transaction(async (trx) => {
      const user = await this.lockedUser(trx, id)
      if (user.role === 'admin') {
        await this.ensureAnotherAdmin(trx, user)
      }
      await user.useTransaction(trx).delete()
    })
  }

  protected async lockedUser(trx: TransactionClientContract, id: string) {
    const user = await lockPerson(AppUser, trx, id)
    if (!user) {
      throw new UserNotFoundError()
    }
    return user
  }

  protected async ensureAnotherAdmin(trx: TransactionClientContract, user: AppUser) {
    if (!(await anotherAdminExists(AppUser, trx, user.id))) {
      throw new LastAdminError()
    }
  }
}
