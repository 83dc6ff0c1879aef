import type { HttpContext } from '@adonisjs/core/http'
import type { Session } from '@adonisjs/session'
import { appProfile } from '#config/app'
import type { RelyingPartySignIn } from '#services/shared/relying_party/relying_party_sign_in'
import { sendToSso } from '#services/shared/relying_party/send_to_sso'
import type { SsoClient } from '#services/shared/relying_party/sso_client'

/**
 * The sign-in endpoints both relying apps share (spec 1, section 5, from
 * the app's side): /login, the callback and the code exchange. An app names
 * its canonical address, what the session keeps and what the exchange
 * answers; errors use the app's error key ({ error } or { message }).
 */
export abstract class RelyingPartyAuthController<SessionUser extends Record<string, unknown>> {
  constructor(
    protected signIn: RelyingPartySignIn<SessionUser>,
    protected sso: SsoClient
  ) {}

  /** The app's own address for this request: sso's redirects lead back under it. */
  protected abstract origin(request: HttpContext['request']): string
  protected abstract startSession(session: Session, user: SessionUser): void
  /** The exchange's answer once the session holds the person. */
  protected abstract signedInBody(user: SessionUser): Record<string, unknown>

  /** Where sso sends the browser back with its token. */
  protected redirectUri(request: HttpContext['request']) {
    return new URL(appProfile.callbackPath!, this.origin(request)).toString()
  }

  async login(ctx: HttpContext) {
    return sendToSso(ctx, this.signIn.begin(ctx.session, this.redirectUri(ctx.request)))
  }

  async callback({ request, response }: HttpContext) {
    const { token, state } = request.qs()
    return response.redirect(await this.signIn.callback(token, state))
  }

  async exchange({ request, response, session, logger }: HttpContext) {
    // From the body only, as the specs say: a code in the address would end up in logs.
    const code = request.body().code
    if (typeof code !== 'string' || code.length === 0) {
      return response.status(400).send(this.errorBody('Code is required'))
    }
    const user = await this.signIn.exchange(session, code)
    if (!user) {
      return response.status(401).send(this.errorBody('Invalid or expired code'))
    }
    try {
      // A new session id at sign-in prevents fixation (decided deviation 3).
      session.regenerate()
      this.startSession(session, user)
    } catch (error) {
      logger.error({ err: error }, 'creating the session failed')
      return response.status(500).send(this.errorBody('Could not create session'))
    }
    return this.signedInBody(user)
  }

  /** The person's account (name, password, two-factor) is kept by sso: send them there. */
  async account({ response }: HttpContext) {
    return response.redirect(new URL('/profile', this.sso.baseUrl).toString())
  }

  /** Ends the session here; the answer is where sso ends its own, then comes back home. */
  protected signOut({ request, session }: HttpContext) {
    session.clear()
    return this.sso.logoutUrl(new URL('/', this.origin(request)).toString())
  }

  /** /api/auth/me describes one browser's session: no cache may keep it. */
  protected noStore(response: HttpContext['response']) {
    response.header('Cache-Control', 'no-store, no-cache, must-revalidate, private')
    response.header('Pragma', 'no-cache')
  }

  protected errorBody(message: string) {
    return { [appProfile.errorKey]: message }
  }
}
