import logger from '@adonisjs/core/services/logger'
import type { PendingAuthCodes } from '#services/shared/relying_party/pending_auth_codes'
import type { SsoClient, SsoUser } from '#services/shared/relying_party/sso_client'

/**
 * The callback and exchange of the auth-code variant (spec 1, section 5), as
 * both relying apps run them. An app says only whom it admits and where the
 * browser lands; the callback itself never touches the session.
 */
export abstract class RelyingPartySignIn<SessionUser extends Record<string, unknown>> {
  /** Where the page that exchanges the code lives. */
  protected abstract landingPath: string
  /** Where a person sso knows but the app does not is sent. */
  protected abstract deniedRedirect: string

  constructor(
    protected sso: SsoClient,
    protected codes: PendingAuthCodes
  ) {}

  /** The local person for a validated sso user (updating them), or null when not allowed in. */
  protected abstract admit(ssoUser: SsoUser): Promise<SessionUser | null>

  /** Where the callback redirects the browser. */
  async callback(token: unknown): Promise<string> {
    if (typeof token !== 'string' || token.length === 0) {
      return '/?auth_error=missing_token'
    }
    try {
      const answer = await this.sso.validateToken(token)
      if (!answer.valid) {
        return '/?auth_error=invalid_token'
      }
      const user = await this.admit(answer.user)
      if (!user) {
        return this.deniedRedirect
      }
      return `${this.landingPath}?auth_code=${await this.codes.issue(user)}`
    } catch (error) {
      logger.error({ err: error }, 'sign-in callback failed')
      return '/?auth_error=server_error'
    }
  }

  /** The user stored with a valid code, which is used up; null otherwise. */
  exchange(code: string) {
    return this.codes.consume<SessionUser>(code)
  }
}
