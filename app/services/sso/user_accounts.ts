import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import User from '#models/sso/user'
import { isUniqueViolation } from '#services/shared/atomic_writes'

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase()
}

/** People with a password at sso. */
export class UserAccounts {
  /**
   * Creates a person. `emailVerified` is for accounts an operator or admin
   * vouches for; self-registered people verify by email first.
   */
  async create(
    input: {
      email: string
      password: string
      name?: string | null
      displayName?: string | null
      isAdmin?: boolean
      emailVerified?: boolean
    },
    client?: TransactionClientContract
  ) {
    const email = normalizeEmail(input.email)
    return User.create(
      {
        email,
        username: email,
        name: input.name ?? null,
        displayName: input.displayName ?? null,
        password: input.password,
        isAdmin: input.isAdmin ?? false,
        emailVerifiedAt: input.emailVerified ? DateTime.now() : null,
      },
      { client }
    )
  }

  /**
   * Like `create`, but null when the address is taken (as an email, or as
   * the username a new account starts with). The unique indexes decide, so
   * two creations of one address at the same moment cannot both pass a
   * check made before them.
   */
  async createUnlessTaken(
    input: Parameters<UserAccounts['create']>[0],
    client?: TransactionClientContract
  ) {
    try {
      // Inside a transaction, on a savepoint: a refused insert must not end
      // the caller's transaction.
      return await (client
        ? client.transaction((savepoint) => this.create(input, savepoint))
        : this.create(input))
    } catch (error) {
      if (isUniqueViolation(error)) {
        return null
      }
      throw error
    }
  }

  findByEmail(email: string) {
    return User.findBy('email', normalizeEmail(email))
  }
}
