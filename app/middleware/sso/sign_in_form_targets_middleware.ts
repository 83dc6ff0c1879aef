import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { setCspDirective } from '#services/shared/content_security_policy'

/**
 * The sign-in and second-factor forms post to sso, whose answer redirects
 * through /authorize to the callback of the app being signed in to. Chromium
 * holds every hop of a form's redirects to the page's form-action, so these
 * pages allow the connected apps' origins (all of them: another tab may have
 * started a sign-in to another app since the page was shown).
 */
@inject()
export default class SignInFormTargetsMiddleware {
  constructor(protected registry: ConnectedAppRegistry) {}

  async handle({ response }: HttpContext, next: NextFn) {
    const origins = await this.registry.enabledOrigins()
    setCspDirective(response, 'form-action', [`'self'`, ...origins])
    return next()
  }
}
