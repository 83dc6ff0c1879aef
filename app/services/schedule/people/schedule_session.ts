import type { Session } from '@adonisjs/session'

/** Session fields of spec 3, section 2. */
export type ScheduleSessionUser = {
  userId: string
  ssoUserId: number
  email: string
  displayName: string
  avatarUrl: string | null
  role: 'staff' | 'admin'
}

const FIELDS = ['userId', 'ssoUserId', 'email', 'displayName', 'avatarUrl', 'role'] as const

export const scheduleSession = {
  start(session: Session, user: ScheduleSessionUser) {
    for (const field of FIELDS) {
      const value = user[field]
      if (value === null) {
        session.forget(field)
      } else {
        session.put(field, value)
      }
    }
  },

  /** Brings the session's copy of the person up to date, writing only what changed. */
  follow(
    session: Session,
    person: Pick<ScheduleSessionUser, 'email' | 'displayName' | 'avatarUrl' | 'role'>
  ) {
    for (const field of ['email', 'displayName', 'avatarUrl', 'role'] as const) {
      const value = person[field]
      if ((session.get(field) ?? null) !== value) {
        if (value === null) {
          session.forget(field)
        } else {
          session.put(field, value)
        }
      }
    }
  },

  user(session: Session): ScheduleSessionUser | null {
    if (!session.get('userId')) {
      return null
    }
    return Object.fromEntries(FIELDS.map((field) => [field, session.get(field) ?? null])) as never
  },
}
