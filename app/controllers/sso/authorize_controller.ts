import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { Session } from '@adonisjs/session'
import { authorizeValidator } from '#validators/sso/session_validators'
import { AuthorizationService, type AuthorizeRequest } from '#services/sso/authorization_service'

export const PENDING_AUTHORIZE_KEY = 'pendingAuthorize'

/** Where to go after signing in: back to a pending /authorize, or home. */
export function continueUrl(session: Session) {
  const pending = session.get(PENDING_AUTHORIZE_KEY) as AuthorizeRequest | undefined
  if (!pending) {
    return '/'
  }
  const url = new URL('/authorize', 'http://sso.invalid')
  url.searchParams.set('client_id', pending.clientId)
  url.searchParams.set('redirect_uri', pending.redirectUri)
  if (pending.state !== undefined) {
    url.searchParams.set('state', pending.state)
  }
  return `${url.pathname}${url.search}`
}

export default class AuthorizeController {
  @inject()
  async show(ctx: HttpContext, authorization: AuthorizationService) {
    const { request, response, inertia, auth, session } = ctx
    const [error, query] = await authorizeValidator.tryValidate(request.qs())
    if (error) {
      response.status(400)
      return inertia.render('sso/authorize_error', {
        message: 'The sign-in request is missing its client_id or redirect_uri.',
      })
    }

    const authorizeRequest: AuthorizeRequest = {
      clientId: query.client_id,
      redirectUri: query.redirect_uri,
      state: query.state,
    }
    const resolved = await authorization.resolve(authorizeRequest)
    if ('error' in resolved) {
      response.status(400)
      return inertia.render('sso/authorize_error', { message: resolved.error })
    }

    const user = (await auth.check()) ? auth.user! : null
    if (!user || user.isDisabled) {
      session.put(PENDING_AUTHORIZE_KEY, authorizeRequest)
      return response.redirect('/login')
    }
    session.forget(PENDING_AUTHORIZE_KEY)
    return response.redirect(await authorization.callbackUrl(resolved.app, user, authorizeRequest))
  }
}
