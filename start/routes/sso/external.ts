/*
 * Sign-in through external identity providers (OpenID Connect, GitHub, Google).
 * The callback URL to register at a provider is {APP_URL}/auth/<provider>/callback.
 */
import router from '@adonisjs/core/services/router'
import { stateful } from '#start/kernel'

const ExternalSignInController = () => import('#controllers/sso/external_sign_in_controller')

router
  .group(() => {
    router.get('/auth/:provider/redirect', [ExternalSignInController, 'redirect'])
    router.get('/auth/:provider/callback', [ExternalSignInController, 'callback'])
  })
  .use(stateful())
