import type { DateTime } from 'luxon'
import { Exception } from '@adonisjs/core/exceptions'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { Session } from '@adonisjs/session'
import {
  anotherAdminExists,
  isPersonId,
  lockPerson,
} from '#services/shared/relying_party/local_people'
import { isUniqueViolation } from '#services/shared/atomic_writes'
import { SsoSessions } from '#services/shared/relying_party/sso_sessions'

export type PersonRole = 'staff' | 'admin'

/** The columns of a local person that the shared rules read and write. */
export type Person = LucidRow & {
  id: string
  email: string
  role: PersonRole
  displayName: string
  /** sso's id of the person; empty (null or 0) until their first sign-in links them. */
  ssoUserId: string | number | null
  createdAt: DateTime
}

export type PersonModel = LucidModel & (new () => Person)

/*
 * Refusals of the users' rules. Each carries its HTTP status, so the API
 * answers with it in the app's error body ({ error } or { message }, see the
 * exception handler) and the Ace commands print the message.
 */
export class RelyingPartyUsersError extends Exception {}

export class EmailTakenError extends RelyingPartyUsersError {
  static status = 409
  constructor() {
    super('A user with this email already exists')
  }
}

export class UserNotFoundError extends RelyingPartyUsersError {
  static status = 404
  constructor() {
    super('User not found')
  }
}

export class LastAdminError extends RelyingPartyUsersError {
  static status = 409
  constructor() {
    super(
      'The last admin cannot be removed or made staff: there must be at least one admin, so make someone else an admin first'
    )
  }
}

export type PersonChanges = { displayName?: string; role?: PersonRole }

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase()
}

/**
 * The people allowed into a relying app (transfer's users, schedule's
 * app_users). The rules live here so both apps' APIs and Ace commands share
 * them: one person per email (any case), ids that are UUIDs, and always at
 * least one admin. An app says which model holds its people and what a new
 * person gets from their email.
 */
export abstract class RelyingPartyUsers<Model extends PersonModel> {
  protected abstract model: Model

  /** The columns a new person gets besides email and role, from the normalized email. */
  protected abstract newPerson(email: string): Record<string, unknown>

  findByEmail(email: string, client?: TransactionClientContract) {
    return this.model
      .query({ client })
      .whereRaw('lower(email) = ?', [normalizeEmail(email)])
      .first()
  }

  /** Ids come from URLs and sessions: anything that is not a UUID matches no one. */
  async findById(id: unknown) {
    return isPersonId(id) ? this.model.find(id) : null
  }

  /**
   * The person behind a session, read from the database on every request: a
   * removed person is out at once, and a role change applies at once. The
   * session's sso sign-in must still hold too (sso_sessions.ts): when sso has
   * ended it, the session is cleared.
   */
  async signedIn(session: Session) {
    const person = await this.findById(session.get('userId'))
    if (!person) {
      return null
    }
    const ssoSessions = await app.container.make(SsoSessions)
    if (!(await ssoSessions.holds(session))) {
      session.clear()
      return null
    }
    return person
  }

  list() {
    return this.model.query().orderBy('created_at', 'asc').orderBy('email', 'asc')
  }

  async hasAdmin(client?: TransactionClientContract) {
    return (await this.model.query({ client }).where('role', 'admin').first()) !== null
  }

  async hasAnyone(client?: TransactionClientContract) {
    return (await this.model.query({ client }).select('id').first()) !== null
  }

  async create(
    email: string,
    role: PersonRole = 'staff',
    { client, ...columns }: { client?: TransactionClientContract } & Record<string, unknown> = {}
  ): Promise<InstanceType<Model>> {
    const normalized = normalizeEmail(email)
    if (await this.findByEmail(normalized, client)) {
      throw new EmailTakenError()
    }
    // The app's model checks its own columns; the generic one cannot name them.
    const values = { email: normalized, role, ...this.newPerson(normalized), ...columns } as never
    return this.uniqueEmail(
      () => this.model.create(values, { client }) as Promise<InstanceType<Model>>
    )
  }

  /** Applies the changes; refuses a taken email and making the last admin staff. */
  update(id: string, changes: PersonChanges): Promise<InstanceType<Model>> {
    return this.uniqueEmail(() =>
      db.transaction(async (trx) => {
        const user = await this.lockedUser(trx, id)
        await this.applyChanges(trx, user, changes)
        await user.useTransaction(trx).save()
        return user
      })
    )
  }

  /** Removes the person; what they made stays, without their id. The last admin stays. */
  async remove(id: string) {
    await db.transaction(async (trx) => {
      const user = await this.lockedUser(trx, id)
      if (user.role === 'admin') {
        await this.ensureAnotherAdmin(trx, user)
      }
      await user.useTransaction(trx).delete()
    })
  }

  /** The changes every relying app allows; an app with more fields adds them. */
  protected async applyChanges(
    trx: TransactionClientContract,
    user: InstanceType<Model>,
    changes: PersonChanges
  ) {
    if (changes.displayName !== undefined) {
      user.displayName = changes.displayName
    }
    if (changes.role !== undefined && changes.role !== user.role) {
      if (user.role === 'admin') {
        await this.ensureAnotherAdmin(trx, user)
      }
      user.role = changes.role
    }
  }

  protected async lockedUser(trx: TransactionClientContract, id: string) {
    const user = await lockPerson(this.model, trx, id)
    if (!user) {
      throw new UserNotFoundError()
    }
    return user
  }

  protected async ensureAnotherAdmin(trx: TransactionClientContract, user: Person) {
    if (!(await anotherAdminExists(this.model, trx, user.id))) {
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
