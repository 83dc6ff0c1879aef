import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import type { Session } from '@adonisjs/session'
import { ssoSessionChecks } from '#config/relying_party'
import { SsoClient } from '#services/shared/relying_party/sso_client'

const SESSION_KEY = 'ssoSignIn'

/** What a session keeps of the sso sign-in it was made from. */
interface SsoSignIn {
  /** The session ticket of the identity token (sso's session_tickets.ts). */
  ticket: string
  /** When sso was last asked, and when it last said the sign-in holds (ms). */
  checkedAt: number
  confirmedAt: number
}

function signInOf(session: Session): SsoSignIn | null {
  const value = session.get(SESSION_KEY)
  return value && typeof value.ticket === 'string' ? (value as SsoSignIn) : null
}

/**
 * Keeps a relying app's sessions in step with sso: a person disabled there,
 * whose sessions an admin ended, or who changed or reset their password is
 * signed out here at their first request after the next re-check (at most
 * once a minute per session, on every instance: the record lives in the
 * session). A session sso gave no ticket for (the development bypass) is not
 * re-checked; sessions from before tickets existed were ended by migration.
 */
@inject()
export class SsoSessions {
  constructor(protected sso: SsoClient) {}

  /** At sign-in: the session now stands for this sso sign-in, confirmed just now. */
  static start(session: Session, ticket: string | null) {
    if (ticket === null) {
      session.forget(SESSION_KEY)
      return
    }
    const now = Date.now()
    session.put(SESSION_KEY, { ticket, checkedAt: now, confirmedAt: now } satisfies SsoSignIn)
  }

  /**
   * Whether the session's sign-in still holds, asking sso when the last
   * check is older than the interval. When sso cannot be reached, the session
   * goes on for the grace period after its last confirmation, then ends.
   */
  async holds(session: Session): Promise<boolean> {
    const signIn = signInOf(session)
    const now = Date.now()
    if (!signIn || now - signIn.checkedAt < ssoSessionChecks.checkIntervalMs) {
      return true
    }
    try {
      const status = await this.sso.sessionStatus(signIn.ticket)
      if (!status.active) {
        logger.info({ reason: status.reason }, 'sso ended this session’s sign-in: signed out')
        return false
      }
      session.put(SESSION_KEY, { ...signIn, checkedAt: now, confirmedAt: now })
      return true
    } catch (error) {
      const unconfirmedMs = now - signIn.confirmedAt
      if (unconfirmedMs < ssoSessionChecks.graceMs) {
        logger.warn(
          { err: error },
          `could not re-check a session with sso; it goes on for ${Math.round((ssoSessionChecks.graceMs - unconfirmedMs) / 1000)} s more without an answer`
        )
        session.put(SESSION_KEY, { ...signIn, checkedAt: now })
        return true
      }
      logger.warn(
        { err: error },
        'sso has not confirmed this session within the grace period: signed out'
      )
      return false
    }
  }
}
