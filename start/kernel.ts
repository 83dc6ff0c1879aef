/*
 * Middleware of every app. Server middleware run for every request, routed or
 * not, so the security headers and compression cover 404s too.
 */
import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

server.use([
  () => import('#middleware/shared/security_headers_middleware'),
  () => import('#middleware/shared/compression_middleware'),
  () => import('#middleware/shared/container_bindings_middleware'),
  () => import('@adonisjs/vite/vite_middleware'),
  () => import('#middleware/shared/inertia_middleware'),
])

router.use([
  () => import('@adonisjs/core/bodyparser_middleware'),
  () => import('@adonisjs/session/session_middleware'),
  () => import('@adonisjs/shield/shield_middleware'),
  () => import('@adonisjs/auth/initialize_auth_middleware'),
])

export const middleware = router.named({
  ssoAuth: () => import('#middleware/sso/auth_middleware'),
  transferAuth: () => import('#middleware/transfer/require_auth_middleware'),
  transferAdmin: () => import('#middleware/transfer/require_admin_middleware'),
  scheduleAuth: () => import('#middleware/schedule/require_auth_middleware'),
  scheduleAdmin: () => import('#middleware/schedule/require_admin_middleware'),
  scheduleDevBypass: () => import('#middleware/schedule/dev_bypass_middleware'),
})
