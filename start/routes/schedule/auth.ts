/*
 * Sign-in (spec 3, section 4, "Sign-in").
 */
import router from '@adonisjs/core/services/router'
import limiter from '@adonisjs/limiter/services/main'
import { middleware, stateful } from '#start/kernel'

const AuthController = () => import('#controllers/schedule/people/auth_controller')

/* 10 exchanges per 15 minutes per IP (spec 3, section 8). */
const exchangeLimit = limiter.define('schedule_exchange', (ctx) =>
  limiter.allowRequests(10).every('15 minutes').usingKey(`ip_${ctx.request.ip()}`)
)

// The callback sets no cookie (mobile browsers may drop cookies set on redirects).
router.get('/auth/callback', [AuthController, 'callback'])

router
  .group(() => {
    router.get('/login', [AuthController, 'login'])
    router
      .post('/api/auth/exchange', [AuthController, 'exchange'])
      .use([middleware.sameOriginOnly(), exchangeLimit])
    router.get('/api/auth/me', [AuthController, 'me'])
    router.get('/logout', [AuthController, 'logout'])
    router.get('/account', [AuthController, 'account'])
    router.post('/api/auth/logout', [AuthController, 'apiLogout'])
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
