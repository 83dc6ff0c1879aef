import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { authorizeValidator } from '#validators/sso/session_validators'
import { AuthorizationService, type AuthorizeRequest } from '#services/sso/authorization_service'
import { pendingAuthorization } from '#services/sso/pending_authorization'

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
      pendingAuthorization.remember(session, authorizeRequest)
      return response.redirect('/login')
    }
    pendingAuthorization.forget(session)
    return response.redirect(await authorization.callbackUrl(resolved.app, user, authorizeRequest))
  }
}
