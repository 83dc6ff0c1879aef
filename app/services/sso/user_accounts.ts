import { DateTime } from 'luxon'
import User from '#models/sso/user'

/** The unique index on users.email: a write refused on it means the address belongs to someone else. */
export const EMAIL_TAKEN = 'users_email_unique'

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase()
}

/** People with a password at sso. */
export class UserAccounts {
  /**
   * Creates a person. `emailVerified` is for accounts an operator or admin
   * vouches for; self-registered people verify by email first.
   */
  async create(input: {
    email: string
    password: string
    name?: string | null
    displayName?: string | null
    isAdmin?: boolean
    emailVerified?: boolean
  }) {
    const email = normalizeEmail(input.email)
    return User.create({
      email,
      username: email,
      name: input.name ?? null,
      displayName: input.displayName ?? null,
      password: input.password,
      isAdmin: input.isAdmin ?? false,
      emailVerifiedAt: input.emailVerified ? DateTime.now() : null,
    })
  }

  findByEmail(email: string) {
    return User.findBy('email', normalizeEmail(email))
  }
}
