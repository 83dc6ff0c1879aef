import type { Session } from '@adonisjs/session'
import AppUser, { type ScheduleRole } from '#models/schedule/app_user'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export class EmailTakenError extends Error {}

/** "jane.doe@x.com" becomes "Jane Doe" (spec 3: dots become spaces, words capitalised). */
export function displayNameFromEmail(email: string) {
  return email
    .split('@')[0]
    .split('.')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/** The people allowed into schedule (spec 3, app_users). */
export class ScheduleUsers {
  findByEmail(email: string) {
    return AppUser.query().whereRaw('lower(email) = ?', [email.trim().toLowerCase()]).first()
  }

  /** Ids come from URLs and sessions: anything that is not a UUID matches no one. */
  async findById(id: unknown) {
    return typeof id === 'string' && UUID.test(id) ? AppUser.find(id) : null
  }

  /**
   * The person behind a session, read from app_users on every request: a
   * removed person is out at once, and a role change applies at once.
   */
  signedIn(session: Session) {
    return this.findById(session.get('userId'))
  }

  list() {
    return AppUser.query().orderBy('created_at', 'asc')
  }

  async create(email: string, role: ScheduleRole = 'staff') {
    const normalized = email.trim().toLowerCase()
    if (await this.findByEmail(normalized)) {
      throw new EmailTakenError('A user with this email already exists')
    }
    return AppUser.create({
      email: normalized,
      role,
      ssoUserId: 0,
      displayName: displayNameFromEmail(normalized),
      username: normalized,
    })
  }
}
