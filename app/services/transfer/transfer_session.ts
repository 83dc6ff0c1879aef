import type { Session } from '@adonisjs/session'
import type { TransferSessionUser } from '#services/transfer/transfer_sign_in'

/** The session fields spec 2 names: userId, userRole, userEmail, userName. */
export const transferSession = {
  start(session: Session, user: TransferSessionUser) {
    session.put('userId', user.userId)
    session.put('userRole', user.role)
    session.put('userEmail', user.email)
    session.put('userName', user.displayName)
    if (user.avatar) {
      session.put('userAvatar', user.avatar)
    }
  },

  user(session: Session) {
    const userId = session.get('userId') as string | undefined
    if (!userId) {
      return null
    }
    return {
      userId,
      email: session.get('userEmail') as string,
      displayName: session.get('userName') as string,
      avatar: (session.get('userAvatar') as string | null) ?? null,
      role: session.get('userRole') as 'staff' | 'admin',
    }
  },
}
