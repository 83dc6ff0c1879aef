import { signedOutMatrix } from '#tests/helpers/signed_out_routes'

/*
 * The API routes spec 2 makes public (the upload page's, the share page's,
 * sign-in's); every other /api/ route needs a signed-in person (admin routes
 * too: sign-in is checked first).
 */
const PUBLIC = [
  'POST /api/public-uploads',
  'PATCH /api/public-uploads/tus/:key',
  'DELETE /api/public-uploads/tus/:key',
  'GET /api/settings/email-verification',
  'POST /api/verify-email/send',
  'POST /api/verify-email/check',
  'GET /api/generate-password',
  'GET /api/share/:token',
  'POST /api/share/:token/download',
  'GET /api/public-uploads/:id/download',
  'GET /api/app-docs',
  'GET /api/theme/public-config/:page',
  'GET /api/theme/media/:id/thumbnail',
  'POST /api/internal/heartbeat',
  'GET /api/auth/callback',
  'GET /api/auth/login',
  'POST /api/auth/exchange',
  'GET /api/auth/me',
  'POST /api/auth/logout',
]

signedOutMatrix('transfer', PUBLIC, { error: 'Authentication required' }, 15)
