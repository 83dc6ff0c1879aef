import { signedOutMatrix } from '#tests/helpers/signed_out_routes'

/*
 * The routes of sso anyone may call (README, sso's route tables): signing
 * in, registering, resetting, the connected apps' sign-in flow, and the
 * server-to-server and widget routes that authenticate with keys or an embed
 * token instead of a session. Every other route needs a signed-in person
 * (admin routes too: sign-in is checked first): its pages redirect to
 * /login, its JSON answers 401.
 */
const PUBLIC = [
  'GET /login',
  'POST /login',
  'GET /login/two-factor',
  'POST /login/two-factor',
  'POST /login/two-factor/cancel',
  'GET /register',
  'POST /register',
  'GET /verify-email/:token',
  'POST /verify-email/resend',
  'GET /forgot-password',
  'POST /forgot-password',
  'GET /reset-password/:token',
  'POST /reset-password/:token',
  'GET /confirm-email/:token',
  'GET /authorize',
  'GET /logout',
  'POST /logout',
  'GET /auth/:provider/redirect',
  'GET /auth/:provider/callback',
  'POST /api/apps/validate-token',
  'GET /.well-known/jwks.json',
  'POST /api/embed/token',
  'GET /embed',
  'GET /api/embed/profile',
  'PATCH /api/embed/profile',
  'POST /api/embed/password',
  'GET /api/integration-guide',
  'GET /uploads/*',
  // The design system's gallery: development and tests only (404 in production).
  'GET /design-system',
]

signedOutMatrix('sso', PUBLIC, { message: 'Not authenticated' }, 27, {
  signIn: '/login',
  atLeast: 6,
})
