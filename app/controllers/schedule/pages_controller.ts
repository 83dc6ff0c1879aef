import type { HttpContext } from '@adonisjs/core/http'
import { scheduleSession } from '#services/schedule/schedule_session'

export default class PagesController {
  /**
   * The app's front page. Signed out and with nothing to show, the visitor
   * goes to /login; with ?auth_code the page exchanges it; with ?auth_error
   * it explains what went wrong.
   */
  async home({ inertia, request, response, session }: HttpContext) {
    const user = scheduleSession.user(session)
    const { auth_code: authCode, auth_error: authError } = request.qs()
    if (!user && typeof authCode !== 'string' && typeof authError !== 'string') {
      return response.redirect('/login')
    }
    return inertia.render('schedule/home', {
      user,
      signInError: typeof authError === 'string' ? authError : null,
    })
  }
}
