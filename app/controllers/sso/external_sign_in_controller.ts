import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { Exception } from '@adonisjs/core/exceptions'
import { findProvider } from '#services/sso/external_providers'
import { ExternalSignIn } from '#services/sso/external_sign_in'

/** An unknown provider and one this deployment has not configured look the same. */
function configuredProvider(id: string) {
  const provider = findProvider(id)
  if (!provider) {
    throw new Exception('Unknown sign-in provider', { status: 404, code: 'E_UNKNOWN_PROVIDER' })
  }
  return provider
}

export default class ExternalSignInController {
  /** GET /auth/:provider/redirect: off to the provider's sign-in page. */
  @inject()
  async redirect(ctx: HttpContext, externalSignIn: ExternalSignIn) {
    const provider = configuredProvider(ctx.params.provider)
    const problem = await externalSignIn.begin(ctx, provider)
    if (problem) {
      ctx.session.flash('inputErrorsBag', { email: [problem] })
      return ctx.response.redirect('/login')
    }
  }

  /** GET /auth/:provider/callback: back from the provider, signed in or told why not. */
  @inject()
  async callback(ctx: HttpContext, externalSignIn: ExternalSignIn) {
    const provider = configuredProvider(ctx.params.provider)
    const result = await externalSignIn.complete(ctx, provider)
    if (!result.signedIn) {
      ctx.session.flash('inputErrorsBag', { email: [result.message] })
      return ctx.response.redirect('/login')
    }
    return ctx.response.redirect(result.next)
  }
}
