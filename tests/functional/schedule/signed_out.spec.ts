import { signedOutMatrix } from '#tests/helpers/signed_out_routes'

/*
 * The API routes spec 3 makes public; every other /api/ route needs a
 * signed-in person (admin routes too: sign-in is checked first).
 */
const PUBLIC = [
  'GET /api/landing-settings',
  'GET /api/app-docs',
  'POST /api/admin/bootstrap',
  'GET /api/share/:token',
  'GET /api/share/:token/export/:format',
  'POST /api/auth/exchange',
  'GET /api/auth/me',
  'POST /api/auth/logout',
]

signedOutMatrix('schedule', PUBLIC, { message: 'Not authenticated' }, 90)
