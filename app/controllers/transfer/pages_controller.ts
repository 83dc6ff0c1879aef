import type { HttpContext } from '@adonisjs/core/http'
import { transferSession } from '#services/transfer/transfer_session'

export default class PagesController {
  /** The public front page; sign-in errors come back here (?error, ?auth_error). */
  async home({ inertia, request }: HttpContext) {
    const { error, auth_error: authError } = request.qs()
    return inertia.render('transfer/home', {
      signInError:
        typeof error === 'string' ? error : typeof authError === 'string' ? authError : null,
    })
  }

  /**
   * The staff area. Arriving with ?auth_code, the page itself exchanges the
   * code; arriving with neither code nor session, the visitor is sent to sso.
   */
  async admin({ inertia, request, response, session }: HttpContext) {
    const user = transferSession.user(session)
    if (!user && typeof request.qs().auth_code !== 'string') {
      return response.redirect('/api/auth/login')
    }
    return inertia.render('transfer/admin', { user })
  }
}
