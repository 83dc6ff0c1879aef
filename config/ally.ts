import { defineConfig } from '@adonisjs/ally'
import { GithubDriver } from '@adonisjs/ally/drivers/github'
import { GoogleDriver } from '@adonisjs/ally/drivers/google'
import type { HttpContext } from '@adonisjs/core/http'
import { OidcDriver } from '#services/sso/ally/oidc_driver'
import { requireProviderSettings } from '#services/sso/external_providers'

/*
 * sso's external identity providers. The drivers are built per request from
 * settings read at that moment (see external_providers.ts), so a provider whose
 * variables are unset is simply not offered; the sign-in routes answer 404 for
 * it before ally is asked.
 */
const allyConfig = defineConfig({
  oidc: (ctx: HttpContext) => new OidcDriver(ctx, requireProviderSettings('oidc')),
  github: (ctx: HttpContext) =>
    new GithubDriver(ctx, {
      ...requireProviderSettings('github'),
      // The address list (user:email) tells which addresses GitHub has verified.
      scopes: ['read:user', 'user:email'],
    }),
  google: (ctx: HttpContext) =>
    new GoogleDriver(ctx, {
      ...requireProviderSettings('google'),
      scopes: ['openid', 'userinfo.email', 'userinfo.profile'],
      prompt: 'select_account',
    }),
})

export default allyConfig

declare module '@adonisjs/ally/types' {
  interface SocialProviders extends InferSocialProviders<typeof allyConfig> {}
}
