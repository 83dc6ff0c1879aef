/*
 * People's own accounts: sign-in, registration, verification, reset, profile,
 * two-factor and sessions.
 */
import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const SessionController = () => import('#controllers/sso/session_controller')
const AccountController = () => import('#controllers/sso/account_controller')

router
  .group(() => {
    router.get('/login', [SessionController, 'create'])
    router.post('/login', [SessionController, 'store'])

    router.get('/', [AccountController, 'show']).use(middleware.ssoAuth())
  })
  .use(stateful())
