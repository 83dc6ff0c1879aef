import { DateTime } from 'luxon'
import User from '#models/sso/user'
import type { Access, RouteMatrix } from '#tests/helpers/route_matrix'
import { verifiedPerson } from '#tests/helpers/sso_people'

/*
 * Who each route of sso is for. Public: signing in, registering, resetting,
 * the connected apps' sign-in flow, and the server-to-server and widget
 * routes that authenticate with keys or an embed token instead of a session
 * (the design system's gallery is development and tests only). Every other
 * route needs a signed-in person, admin routes an admin too (sign-in is
 * checked first): pages redirect to /login, JSON answers 401.
 */
export const SSO_ROUTES: Record<string, Access> = {
  'GET /': 'signed in',
  'GET /.well-known/jwks.json': 'public',
  'GET /admin': 'admin',
  'GET /admin/apps': 'admin',
  'GET /admin/audit': 'admin',
  'GET /admin/people': 'admin',
  'GET /api/account/activity': 'signed in',
  'DELETE /api/account/avatar': 'signed in',
  'POST /api/account/avatar': 'signed in',
  'POST /api/account/email': 'signed in',
  'POST /api/account/password': 'signed in',
  'PATCH /api/account/profile': 'signed in',
  'GET /api/account/sessions': 'signed in',
  'DELETE /api/account/sessions/:handle': 'signed in',
  'POST /api/account/totp': 'signed in',
  'POST /api/account/totp/confirm': 'signed in',
  'POST /api/account/totp/disable': 'signed in',
  'POST /api/account/totp/recovery-codes': 'signed in',
  'GET /api/admin/apps': 'admin',
  'POST /api/admin/apps': 'admin',
  'DELETE /api/admin/apps/:id': 'admin',
  'PATCH /api/admin/apps/:id': 'admin',
  'POST /api/admin/apps/:id/disable': 'admin',
  'POST /api/admin/apps/:id/enable': 'admin',
  'POST /api/admin/apps/:id/rotate-secret': 'admin',
  'GET /api/admin/audit': 'admin',
  'GET /api/admin/people': 'admin',
  'POST /api/admin/people/:id/disable': 'admin',
  'POST /api/admin/people/:id/enable': 'admin',
  'POST /api/admin/people/:id/end-sessions': 'admin',
  'POST /api/admin/people/:id/grant-admin': 'admin',
  'POST /api/admin/people/:id/reset-totp': 'admin',
  'POST /api/admin/people/:id/revoke-admin': 'admin',
  'POST /api/apps/session-status': 'public',
  'POST /api/apps/validate-token': 'public',
  'POST /api/embed/password': 'public',
  'GET /api/embed/profile': 'public',
  'PATCH /api/embed/profile': 'public',
  'POST /api/embed/token': 'public',
  'GET /api/integration-guide': 'public',
  'GET /auth/:provider/callback': 'public',
  'GET /auth/:provider/redirect': 'public',
  'GET /authorize': 'public',
  'GET /confirm-email/:token': 'public',
  'GET /design-system': 'public',
  'GET /embed': 'public',
  'GET /forgot-password': 'public',
  'POST /forgot-password': 'public',
  'GET /healthz': 'public',
  'GET /login': 'public',
  'POST /login': 'public',
  'GET /login/two-factor': 'public',
  'POST /login/two-factor': 'public',
  'POST /login/two-factor/cancel': 'public',
  'GET /logout': 'public',
  'POST /logout': 'public',
  'GET /profile': 'signed in',
  'GET /readyz': 'public',
  'GET /register': 'public',
  'POST /register': 'public',
  'GET /reset-password/:token': 'public',
  'POST /reset-password/:token': 'public',
  'GET /security': 'signed in',
  'GET /uploads/*': 'public',
  'GET /verify-email/:token': 'public',
  'POST /verify-email/resend': 'public',
}

/**
 * sso's callers: "no access" is a disabled person (sso's guard treats their
 * session as none), "staff" a person who is not an admin.
 */
export const ssoAccess: RouteMatrix = {
  app: 'sso',
  routes: SSO_ROUTES,
  guards: { signedIn: ['ssoAuth'], admin: ['ssoAdmin'] },
  signedOutBody: { message: 'Not authenticated' },
  notAdminBody: { message: 'Admin access required' },
  signInPage: '/login',
  alive: '/.well-known/jwks.json',
  async callers() {
    const disabled = await verifiedPerson('matrix.disabled@example.com')
    disabled.disabledAt = DateTime.now()
    await disabled.save()
    const person = await verifiedPerson('matrix.person@example.com')
    const admin = await verifiedPerson('matrix.admin@example.com', { isAdmin: true })
    return {
      callers: {
        'no access': (request) => request.loginAs(disabled),
        'staff': (request) => request.loginAs(person),
        'admin': (request) => request.loginAs(admin),
      },
      forget: () => User.query().whereIn('id', [disabled.id, person.id, admin.id]).delete(),
    }
  },
}
