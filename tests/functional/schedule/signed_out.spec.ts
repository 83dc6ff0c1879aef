import { signedOutMatrix } from '#tests/helpers/signed_out_routes'

/*
 * The API routes spec 3 makes public (the backup by secret is gated by its
 * secret, not a session: backup_import.spec.ts; a share link's call sheets
 * by its token, as the share itself); every other /api/ route
 * needs a signed-in person (admin routes too: sign-in is checked first).
 */
const PUBLIC = [
  'GET /api/landing-settings',
  'GET /api/app-docs',
  'POST /api/admin/bootstrap',
  'GET /api/admin/backup',
  'GET /api/share/:token',
  'GET /api/share/:token/export/:format',
  'GET /api/share/:token/call-sheets/:date',
  'GET /api/share/:token/call-sheets/:date/pdf',
  // Twilio's callbacks: no session, the X-Twilio-Signature is the permission (messaging.spec.ts).
  'POST /api/messaging/twilio/status',
  'POST /api/messaging/twilio/inbound',
  // Resend's mail events: signed the Standard Webhooks way (messaging.spec.ts).
  'POST /api/messaging/email/events',
  'POST /api/auth/exchange',
  'GET /api/auth/me',
  'POST /api/auth/logout',
]

signedOutMatrix('schedule', PUBLIC, { message: 'Not authenticated' }, 90)
