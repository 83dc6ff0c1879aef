/*
 * schedule: the crew and project scheduling app (spec 3).
 */
import router from '@adonisjs/core/services/router'
import limiter from '@adonisjs/limiter/services/main'
import { middleware, stateful } from '#start/kernel'

const AuthController = () => import('#controllers/schedule/auth_controller')
const AdminUsersController = () => import('#controllers/schedule/admin_users_controller')
const PagesController = () => import('#controllers/schedule/pages_controller')

/* 10 exchanges per 15 minutes per IP (spec 3, section 8). */
const exchangeLimit = limiter.define('schedule_exchange', (ctx) =>
  limiter.allowRequests(10).every('15 minutes').usingKey(`ip_${ctx.request.ip()}`)
)

router.get('/auth/callback', [AuthController, 'callback'])

router
  .group(() => {
    router.get('/login', [AuthController, 'login'])
    router.post('/api/auth/exchange', [AuthController, 'exchange']).use(exchangeLimit)
    router.get('/api/auth/me', [AuthController, 'me'])
    router.get('/logout', [AuthController, 'logout'])
    router.post('/api/auth/logout', [AuthController, 'apiLogout'])

    router
      .group(() => {
        router.get('/api/admin/users', [AdminUsersController, 'index'])
        router.post('/api/admin/users', [AdminUsersController, 'store'])
      })
      .use(middleware.scheduleAdmin())

    router.get('/', [PagesController, 'home'])
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
