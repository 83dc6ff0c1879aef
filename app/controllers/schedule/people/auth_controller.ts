import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'
import { appUrl } from '#config/app'
import { SsoClient } from '#services/shared/relying_party/sso_client'
import { sendToSso } from '#services/shared/relying_party/send_to_sso'
import { ScheduleSignIn } from '#services/schedule/people/schedule_sign_in'
import { scheduleSession } from '#services/schedule/people/schedule_session'

/** SSO_REDIRECT_URI, or the app's canonical origin plus /auth/callback. */
function redirectUri() {
  return env.get('SSO_REDIRECT_URI') ?? new URL('/auth/callback', appUrl).toString()
}

/** Sign-in endpoints of spec 3, section 4. */
export default class AuthController {
  @inject()
  async login(ctx: HttpContext, signIn: ScheduleSignIn) {
    if (ctx.session.get('userId')) {
      return ctx.response.redirect('/')
    }
    return sendToSso(ctx, signIn.begin(ctx.session, redirectUri()))
  }

  @inject()
  async callback({ request, response }: HttpContext, signIn: ScheduleSignIn) {
    const { token, state } = request.qs()
    return response.redirect(await signIn.callback(token, state))
  }

  @inject()
  async exchange({ request, response, session, logger }: HttpContext, signIn: ScheduleSignIn) {
    // From the body only, as the specs say: a code in the address would end up in logs.
    const code = request.body().code
    if (typeof code !== 'string' || code.length === 0) {
      return response.status(400).send({ message: 'Code is required' })
    }
    const user = await signIn.exchange(session, code)
    if (!user) {
      return response.status(401).send({ message: 'Invalid or expired code' })
    }
    try {
      // A new session id at sign-in prevents fixation (decided deviation 3).
      session.regenerate()
      scheduleSession.start(session, user)
    } catch (error) {
      logger.error({ err: error }, 'creating the session failed')
      return response.status(500).send({ message: 'Could not create session' })
    }
    return { success: true, user }
  }

  async me({ session, response }: HttpContext) {
    response.header('Cache-Control', 'no-store, no-cache, must-revalidate, private')
    response.header('Pragma', 'no-cache')
    const user = scheduleSession.user(session)
    return user ? { authenticated: true, user } : { authenticated: false }
  }

  @inject()
  async logout({ session, response }: HttpContext, sso: SsoClient) {
    session.clear()
    return response.redirect(sso.logoutUrl(new URL('/', appUrl).toString()))
  }

  @inject()
  async apiLogout({ session }: HttpContext, sso: SsoClient) {
    session.clear()
    return { success: true, redirectUrl: sso.logoutUrl(new URL('/', appUrl).toString()) }
  }
}
