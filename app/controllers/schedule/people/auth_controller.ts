import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { Session } from '@adonisjs/session'
import env from '#start/env'
import { appUrl } from '#config/app'
import { RelyingPartyAuthController } from '#controllers/shared/relying_party_auth_controller'
import { SsoClient } from '#services/shared/relying_party/sso_client'
import { ScheduleSignIn } from '#services/schedule/people/schedule_sign_in'
import { ScheduleUsers } from '#services/schedule/people/schedule_users'
import {
  scheduleSession,
  type ScheduleSessionUser,
} from '#services/schedule/people/schedule_session'

/** Sign-in endpoints of spec 3, section 4. */
@inject()
export default class AuthController extends RelyingPartyAuthController<ScheduleSessionUser> {
  constructor(
    signIn: ScheduleSignIn,
    sso: SsoClient,
    protected users: ScheduleUsers
  ) {
    super(signIn, sso)
  }

  /** The canonical origin (spec 3), whatever host the request came to. */
  protected origin() {
    return appUrl
  }

  /** SSO_REDIRECT_URI, or the canonical origin plus /auth/callback. */
  protected redirectUri(request: HttpContext['request']) {
    return env.get('SSO_REDIRECT_URI') ?? super.redirectUri(request)
  }

  protected startSession(session: Session, user: ScheduleSessionUser) {
    scheduleSession.start(session, user)
  }

  protected signedInBody(user: ScheduleSessionUser) {
    return { success: true, user }
  }

  /** Someone already signed in goes straight to the calendar. */
  async login(ctx: HttpContext) {
    if (ctx.session.get('userId')) {
      return ctx.response.redirect('/')
    }
    return super.login(ctx)
  }

  /** From the session, checked against the database as every guarded route does. */
  async me({ session, response }: HttpContext) {
    this.noStore(response)
    const person = await this.users.signedIn(session)
    const user = person && scheduleSession.user(session)
    return user ? { authenticated: true, user } : { authenticated: false }
  }

  async logout(ctx: HttpContext) {
    return ctx.response.redirect(this.signOut(ctx))
  }

  async apiLogout(ctx: HttpContext) {
    return { success: true, redirectUrl: this.signOut(ctx) }
  }
}
