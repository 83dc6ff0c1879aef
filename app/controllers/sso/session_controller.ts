import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { errors as authErrors } from '@adonisjs/auth'
import User from '#models/sso/user'
import { signInValidator } from '#validators/sso/session_validators'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { normalizeEmail } from '#services/sso/user_accounts'
import { pendingAuthorization } from '#services/sso/pending_authorization'

const GENERIC_FAILURE = 'Invalid email or password.'

export default class SessionController {
  async create({ inertia, auth, response, session }: HttpContext) {
    if (await auth.check()) {
      return response.redirect(pendingAuthorization.continueUrl(session))
    }
    return inertia.render('sso/sign_in', {})
  }

  async store({ request, auth, response, session }: HttpContext) {
    const { email, password } = await request.validateUsing(signInValidator)
    try {
      const user = await User.verifyCredentials(normalizeEmail(email), password)
      if (user.isDisabled) {
        throw new authErrors.E_INVALID_CREDENTIALS(GENERIC_FAILURE)
      }
      await auth.use('web').login(user)
    } catch (error) {
      if (error instanceof authErrors.E_INVALID_CREDENTIALS) {
        // The same message whether the email or the password was wrong.
        session.flash('inputErrorsBag', { email: [GENERIC_FAILURE] })
        session.flashExcept(['password'])
        return response.redirect('/login')
      }
      throw error
    }
    return response.redirect(pendingAuthorization.continueUrl(session))
  }

  /**
   * GET /logout ends the sso session, then returns to `redirect_to` only when
   * it lies on the origin of a registered app (never an open redirect).
   */
  @inject()
  async destroy({ auth, request, response, session }: HttpContext, registry: ConnectedAppRegistry) {
    await auth.use('web').logout()
    pendingAuthorization.forget(session)
    const target = request.input('redirect_to')
    if (typeof target === 'string' && (await registry.isRegisteredOrigin(target))) {
      return response.redirect(target)
    }
    return response.redirect('/login')
  }
}
