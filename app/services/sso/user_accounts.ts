import User from '#models/sso/user'

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase()
}

/** People with a password at sso. */
export class UserAccounts {
  async create(input: {
    email: string
    password: string
    displayName?: string
    isAdmin?: boolean
  }) {
    const email = normalizeEmail(input.email)
    return User.create({
      email,
      username: email,
      displayName: input.displayName ?? null,
      password: input.password,
      isAdmin: input.isAdmin ?? false,
    })
  }

  findByEmail(email: string) {
    return User.findBy('email', normalizeEmail(email))
  }
}
