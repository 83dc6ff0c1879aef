/*
 * sso: the central authentication service (spec 1).
 */
import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const SessionController = () => import('#controllers/sso/session_controller')
const AuthorizeController = () => import('#controllers/sso/authorize_controller')
const ValidateTokenController = () => import('#controllers/sso/validate_token_controller')
const AccountController = () => import('#controllers/sso/account_controller')

router.post('/api/apps/validate-token', [ValidateTokenController, 'handle'])

router
  .group(() => {
    router.get('/login', [SessionController, 'create'])
    router.post('/login', [SessionController, 'store'])
    router.get('/logout', [SessionController, 'destroy'])
    router.post('/logout', [SessionController, 'destroy']).as('session.destroy_form')

    router.get('/authorize', [AuthorizeController, 'show'])

    router.get('/', [AccountController, 'show']).use(middleware.ssoAuth())
  })
  .use(stateful())
