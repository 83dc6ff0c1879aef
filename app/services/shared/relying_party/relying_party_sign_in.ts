import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import type { Session } from '@adonisjs/session'
import { PendingAuthCodes } from '#services/shared/relying_party/pending_auth_codes'
import { identityTokenClaims } from '#services/shared/relying_party/identity_token_claims'
import {
  isSignInState,
  sameState,
  signInStates,
} from '#services/shared/relying_party/sign_in_states'
import { SsoClient, type SsoUser } from '#services/shared/relying_party/sso_client'
import { SsoSessions } from '#services/shared/relying_party/sso_sessions'
import { UsedIdentityTokens } from '#services/shared/relying_party/used_identity_tokens'

/** Where /login sends the browser, and whether it must go through a page first. */
export interface SignInStart {
  authorizeUrl: string
  /**
   * The browser brought no session cookie. The cookie that holds the state
   * must then be set on a 200 page rather than on the redirect to sso, which
   * some mobile browsers drop.
   */
  viaPage: boolean
}

/**
 * The start, callback and exchange of the auth-code variant (spec 1, section
 * 5), as both relying apps run them, with every sign-in bound to the browser
 * that started it (decided deviation 6). An app says only whom it admits and
 * where the browser lands; the callback itself never touches the session.
 * The container builds an app's subclass with these dependencies.
 */
@inject()
export abstract class RelyingPartySignIn<SessionUser extends Record<string, unknown>> {
  /** Where the page that exchanges the code lives. */
  protected abstract landingPath: string
  /** Where a person sso knows but the app does not is sent. */
  protected abstract deniedRedirect: string

  constructor(
    protected sso: SsoClient,
    protected codes: PendingAuthCodes,
    protected usedTokens: UsedIdentityTokens
  ) {}

  /** The local person for a validated sso user (updating them), or null when not allowed in. */
  protected abstract admit(ssoUser: SsoUser): Promise<SessionUser | null>

  /** Starts a sign-in from this browser: a new state in its session, sent along to sso. */
  begin(session: Session, redirectUri: string): SignInStart {
    return {
      authorizeUrl: this.sso.authorizeUrl(redirectUri, signInStates.begin(session)),
      viaPage: session.fresh,
    }
  }

  /**
   * Where the callback redirects the browser. The code it hands out is bound
   * to the echoed `state`; a callback without one of our states was not
   * started by any browser of ours and gets no code. The token must carry
   * that same state (sso signs the one the sign-in started with), so a token
   * from a leaked callback URL cannot be paired with another browser's state,
   * and it signs in once: the same token again is refused.
   */
  async callback(token: unknown, state: unknown): Promise<string> {
    if (typeof token !== 'string' || token.length === 0) {
      return '/?auth_error=missing_token'
    }
    if (!isSignInState(state)) {
      return '/?auth_error=invalid_state'
    }
    const claims = identityTokenClaims(token)
    if (!claims) {
      return '/?auth_error=invalid_token'
    }
    if (claims.state === null || !sameState(claims.state, state)) {
      return '/?auth_error=invalid_state'
    }
    try {
      const answer = await this.sso.validateToken(token)
      if (!answer.valid) {
        return '/?auth_error=invalid_token'
      }
      if (!(await this.usedTokens.use(claims))) {
        // To the person this reads as a sign-in that expired or is not theirs, which it is.
        logger.warn({ ssoUserId: answer.user.userId }, 'an identity token was presented again')
        return '/?auth_error=invalid_state'
      }
      const user = await this.admit(answer.user)
      if (!user) {
        return this.deniedRedirect
      }
      const code = await this.codes.issue(user, state, claims.sessionTicket)
      return `${this.landingPath}?auth_code=${code}`
    } catch (error) {
      logger.error({ err: error }, 'sign-in callback failed')
      return '/?auth_error=server_error'
    }
  }

  /**
   * The user stored with a valid code that this session's own sign-in asked
   * for; the code and that sign-in's state are used up, and the session
   * keeps the sign-in's sso ticket for its re-checks. Null otherwise: an
   * unknown, expired or used code, or one bound to another browser.
   */
  async exchange(session: Session, code: string): Promise<SessionUser | null> {
    const held = signInStates.held(session).map((state) => state.value)
    const consumed = await this.codes.consume<SessionUser>(code, held)
    if (!consumed) {
      return null
    }
    signInStates.finish(session, consumed.state)
    SsoSessions.start(session, consumed.ssoTicket)
    return consumed.user
  }
}
