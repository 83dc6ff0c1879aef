import type { HttpContext } from '@adonisjs/core/http'
import { scheduleSession } from '#services/schedule/people/schedule_session'
import SessionUserTransformer from '#transformers/schedule/session_user_transformer'

/**
 * The front page. The other pages have their own controllers, by domain
 * (calendar, projects, directory, trash, settings, sharing).
 */
export default class PagesController {
  /**
   * Signed in, the front page is the calendar. Signed out with nothing to
   * show, the visitor goes to /login; with ?auth_code the page exchanges it;
   * with ?auth_error it explains what went wrong.
   */
  async home({ inertia, request, response, session }: HttpContext) {
    const user = scheduleSession.user(session)
    const { auth_code: authCode, auth_error: authError } = request.qs()
    const hasCode = typeof authCode === 'string'
    const hasError = typeof authError === 'string'
    if (!hasCode && !hasError) {
      return response.redirect(user ? '/calendar' : '/login')
    }
    return inertia.render('schedule/home', {
      user: user && SessionUserTransformer.transform(user),
      signInError: hasError ? authError : null,
    })
  }
}
