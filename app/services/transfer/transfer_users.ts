import User, { type TransferRole } from '#models/transfer/user'

export class EmailTakenError extends Error {}

/** The people allowed into transfer (spec 2, users). */
export class TransferUsers {
  findByEmail(email: string) {
    return User.query().whereRaw('lower(email) = ?', [email.trim().toLowerCase()]).first()
  }

  list() {
    return User.query().orderBy('created_at', 'asc')
  }

  /** displayName starts as the part of the email before the at-sign. */
  async create(email: string, role: TransferRole = 'staff') {
    const normalized = email.trim().toLowerCase()
    if (await this.findByEmail(normalized)) {
      throw new EmailTakenError('A user with this email already exists')
    }
    return User.create({ email: normalized, role, displayName: normalized.split('@')[0] })
  }
}
