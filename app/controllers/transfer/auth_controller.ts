import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { SsoClient } from '#services/shared/relying_party/sso_client'
import { sendToSso } from '#services/shared/relying_party/send_to_sso'
import { TransferSignIn } from '#services/transfer/transfer_sign_in'
import { transferSession } from '#services/transfer/transfer_session'
import { TransferUsers } from '#services/transfer/transfer_users'

/** Sign-in endpoints of spec 2, section 4. */
export default class AuthController {
  /** Builds redirect_uri from the request's protocol and host, as the spec says. */
  @inject()
  async login(ctx: HttpContext, signIn: TransferSignIn) {
    const redirectUri = `${ctx.request.protocol()}://${ctx.request.host()}/auth/callback`
    return sendToSso(ctx, signIn.begin(ctx.session, redirectUri))
  }

  @inject()
  async callback({ request, response }: HttpContext, signIn: TransferSignIn) {
    const { token, state } = request.qs()
    return response.redirect(await signIn.callback(token, state))
  }

  @inject()
  async exchange({ request, response, session, logger }: HttpContext, signIn: TransferSignIn) {
    // From the body only, as the specs say: a code in the address would end up in logs.
    const code = request.body().code
    if (typeof code !== 'string' || code.length === 0) {
      return response.status(400).send({ error: 'Code is required' })
    }
    const user = await signIn.exchange(session, code)
    if (!user) {
      return response.status(401).send({ error: 'Invalid or expired code' })
    }
    try {
      // A new session id at sign-in prevents fixation (decided deviation 3).
      session.regenerate()
      transferSession.start(session, user)
    } catch (error) {
      logger.error({ err: error }, 'creating the session failed')
      return response.status(500).send({ error: 'Could not create session' })
    }
    return {
      userId: user.userId,
      email: user.email,
      displayName: user.displayName,
      avatar: user.avatar,
      role: user.role,
    }
  }

  /** A person removed since signing in has no session any more (TransferUsers.signedIn). */
  @inject()
  async me({ session, response }: HttpContext, users: TransferUsers) {
    response.header('Cache-Control', 'no-store, no-cache, must-revalidate, private')
    response.header('Pragma', 'no-cache')
    await users.signedIn(session)
    const user = transferSession.user(session)
    if (!user) {
      return response.status(401).send({ error: 'Authentication required' })
    }
    return user
  }

  @inject()
  async logout({ request, session }: HttpContext, sso: SsoClient) {
    session.clear()
    return { redirectUrl: sso.logoutUrl(`${request.protocol()}://${request.host()}/`) }
  }
}
