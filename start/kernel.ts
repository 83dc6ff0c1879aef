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
  () => import('@adonisjs/static/static_middleware'),
  () => import('@adonisjs/vite/vite_middleware'),
  () => import('#middleware/shared/inertia_middleware'),
])

router.use([() => import('#middleware/shared/body_parser_middleware')])

export const middleware = router.named({
  session: () => import('@adonisjs/session/session_middleware'),
  csrfTokenSource: () => import('#middleware/shared/csrf_token_source_middleware'),
  shield: () => import('@adonisjs/shield/shield_middleware'),
  initializeAuth: () => import('@adonisjs/auth/initialize_auth_middleware'),
  sameOriginOnly: () => import('#middleware/shared/same_origin_only_middleware'),
  largeJsonBody: () => import('#middleware/shared/large_json_body_middleware'),
  ssoAuth: () => import('#middleware/sso/auth_middleware'),
  ssoAdmin: () => import('#middleware/sso/admin_middleware'),
  ssoSignInFormTargets: () => import('#middleware/sso/sign_in_form_targets_middleware'),
  transferAuth: () => import('#middleware/transfer/require_auth_middleware'),
  transferAdmin: () => import('#middleware/transfer/require_admin_middleware'),
  scheduleAuth: () => import('#middleware/schedule/require_auth_middleware'),
  scheduleAdmin: () => import('#middleware/schedule/require_admin_middleware'),
  scheduleDevBypass: () => import('#middleware/schedule/dev_bypass_middleware'),
  schedulePage: () => import('#middleware/schedule/signed_in_page_middleware'),
})

/**
 * Session, CSRF protection and auth for every route that keeps state. Only the
 * relying apps' sign-in callbacks go without: their specs say the callback sets
 * no cookie (mobile browsers may drop cookies set on redirects).
 */
export function stateful() {
  return [
    middleware.session(),
    middleware.csrfTokenSource(),
    middleware.shield(),
    middleware.initializeAuth(),
  ]
}
