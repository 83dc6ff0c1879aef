/*
 * Sign-in through sso (spec 2, section 4, sign-in endpoints) and the staff pages.
 */
import router from '@adonisjs/core/services/router'
import limiter from '@adonisjs/limiter/services/main'
import { middleware, stateful } from '#start/kernel'

const AuthController = () => import('#controllers/transfer/auth_controller')
const PagesController = () => import('#controllers/transfer/pages_controller')

/* 10 exchanges per 15 minutes, on that route only (spec 2, section 8). */
const exchangeLimit = limiter.define('transfer_exchange', (ctx) =>
  limiter.allowRequests(10).every('15 minutes').usingKey(`ip_${ctx.request.ip()}`)
)

// The callbacks set no cookie (mobile browsers may drop cookies set on redirects).
router.get('/auth/callback', [AuthController, 'callback'])
router.get('/api/auth/callback', [AuthController, 'callback']).as('auth.api_callback')

router
  .group(() => {
    router.get('/api/auth/login', [AuthController, 'login'])
    router
      .post('/api/auth/exchange', [AuthController, 'exchange'])
      .use([middleware.sameOriginOnly(), exchangeLimit])
    router.get('/api/auth/me', [AuthController, 'me'])
    router.post('/api/auth/logout', [AuthController, 'logout'])
    router.get('/account', [AuthController, 'account'])

    router.get('/', [PagesController, 'home'])
    router.get('/admin', [PagesController, 'uploads'])
    router.get('/admin/shares', [PagesController, 'shares'])
    router.get('/admin/logs', [PagesController, 'logs'])
    router.get('/admin/users', [PagesController, 'users'])
    router.get('/admin/settings', [PagesController, 'settings'])
    router.get('/admin/backup', [PagesController, 'backup'])
    router.get('/admin/email-templates', [PagesController, 'emailTemplates'])
    router.get('/admin/appearance', [PagesController, 'appearance'])
  })
  .use(stateful())
