/*
 * transfer: the file-transfer app (spec 2).
 */
import router from '@adonisjs/core/services/router'
import limiter from '@adonisjs/limiter/services/main'
import { middleware, stateful } from '#start/kernel'

const AuthController = () => import('#controllers/transfer/auth_controller')
const UsersController = () => import('#controllers/transfer/users_controller')
const PagesController = () => import('#controllers/transfer/pages_controller')

/* 10 exchanges per 15 minutes, on that route only (spec 2, section 8). */
const exchangeLimit = limiter.define('transfer_exchange', (ctx) =>
  limiter.allowRequests(10).every('15 minutes').usingKey(`ip_${ctx.request.ip()}`)
)

router.get('/api/auth/login', [AuthController, 'login'])
router.get('/auth/callback', [AuthController, 'callback'])
router.get('/api/auth/callback', [AuthController, 'callback']).as('auth.api_callback')

router
  .group(() => {
    router.post('/api/auth/exchange', [AuthController, 'exchange']).use(exchangeLimit)
    router.get('/api/auth/me', [AuthController, 'me'])
    router.post('/api/auth/logout', [AuthController, 'logout'])

    router.get('/api/users', [UsersController, 'index']).use(middleware.transferAuth())
    router.post('/api/users', [UsersController, 'store']).use(middleware.transferAdmin())

    router.get('/', [PagesController, 'home'])
    router.get('/admin', [PagesController, 'admin'])
  })
  .use(stateful())
