import type { HttpContext } from '@adonisjs/core/http'
import { appProfile } from '#config/app'
import type { SignInStart } from '#services/shared/relying_party/relying_party_sign_in'

/**
 * The answer of a relying app's /login: a redirect to sso, or, for a browser
 * without a session cookie yet, a page that sets it and then moves on to sso.
 * Either carries a state of this one session, so no cache may keep it.
 */
export function sendToSso({ response, view }: HttpContext, start: SignInStart) {
  response.header('Cache-Control', 'no-store')
  if (!start.viaPage) {
    return response.redirect(start.authorizeUrl)
  }
  return view.render('sign_in/continue', { authorizeUrl: start.authorizeUrl, app: appProfile })
}
