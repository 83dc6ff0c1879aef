import type { Session } from '@adonisjs/session'
import type { AuthorizeRequest } from '#services/sso/authorization_service'

const SESSION_KEY = 'pendingAuthorize'

/**
 * An /authorize request that waits while the person signs in. It is kept in
 * the sso session (never in a URL parameter, so it cannot become an open
 * redirect) and replayed through /authorize, which checks it again.
 */
export const pendingAuthorization = {
  remember(session: Session, request: AuthorizeRequest) {
    session.put(SESSION_KEY, request)
  },

  pending(session: Session) {
    return (session.get(SESSION_KEY) as AuthorizeRequest | undefined) ?? null
  },

  forget(session: Session) {
    session.forget(SESSION_KEY)
  },

  /** Where to go after signing in: back to the pending /authorize, or home. */
  continueUrl(session: Session) {
    const pending = session.get(SESSION_KEY) as AuthorizeRequest | undefined
    if (!pending) {
      return '/'
    }
    const query = new URLSearchParams({
      client_id: pending.clientId,
      redirect_uri: pending.redirectUri,
    })
    if (pending.state !== undefined) {
      query.set('state', pending.state)
    }
    return `/authorize?${query}`
  },
}
