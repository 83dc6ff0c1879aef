import User from '#models/transfer/user'
import type { Access, RouteMatrix } from '#tests/helpers/route_matrix'
import { transferPerson } from '#tests/helpers/transfer_people'

/*
 * Who each route of transfer is for (spec 2). Public: the upload page's, the
 * share page's and sign-in's routes, the signed file route. The staff pages
 * check the session in their controller and send a signed-out visitor to
 * sso through /api/auth/login; admin routes check sign-in first.
 */
export const TRANSFER_ROUTES: Record<string, Access> = {
  'GET /': 'public',
  'GET /account': 'public',
  'GET /admin': 'public',
  'GET /admin/appearance': 'public',
  'GET /admin/backup': 'public',
  'GET /admin/email-templates': 'public',
  'GET /admin/logs': 'public',
  'GET /admin/settings': 'public',
  'GET /admin/shares': 'public',
  'GET /admin/users': 'public',
  'GET /api/app-docs': 'public',
  'GET /api/auth/callback': 'public',
  'POST /api/auth/exchange': 'public',
  'GET /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/me': 'public',
  'GET /api/cloudsync/available': 'signed in',
  'POST /api/cloudsync/connect': 'admin',
  'GET /api/cloudsync/connect/callback': 'admin',
  'POST /api/cloudsync/disconnect': 'admin',
  'GET /api/cloudsync/download-url': 'signed in',
  'GET /api/cloudsync/files': 'signed in',
  'GET /api/cloudsync/folders': 'admin',
  'POST /api/cloudsync/folders': 'admin',
  'GET /api/cloudsync/progress': 'signed in',
  'POST /api/cloudsync/save-credentials': 'admin',
  'GET /api/cloudsync/status': 'admin',
  'POST /api/cloudsync/zip-files': 'signed in',
  'GET /api/download-logs': 'signed in',
  'GET /api/download-logs/export': 'signed in',
  'GET /api/email-templates': 'admin',
  'DELETE /api/email-templates/:type': 'admin',
  'GET /api/email-templates/:type': 'admin',
  'PUT /api/email-templates/:type': 'admin',
  'POST /api/email-templates/:type/preview': 'admin',
  'GET /api/generate-password': 'public',
  'POST /api/internal/heartbeat': 'public',
  'POST /api/notifications/test-email': 'admin',
  'GET /api/public-uploads': 'signed in',
  'POST /api/public-uploads': 'public',
  'DELETE /api/public-uploads/:id': 'signed in',
  'GET /api/public-uploads/:id/download': 'public',
  'DELETE /api/public-uploads/tus/:key': 'public',
  'PATCH /api/public-uploads/tus/:key': 'public',
  'GET /api/settings': 'signed in',
  'PUT /api/settings/:key': 'admin',
  'GET /api/settings/email-verification': 'public',
  'GET /api/share/:token': 'public',
  'POST /api/share/:token/download': 'public',
  'GET /api/staff-shares': 'signed in',
  'POST /api/staff-shares': 'signed in',
  'DELETE /api/staff-shares/:id': 'signed in',
  'PUT /api/staff-shares/:id': 'signed in',
  'GET /api/staff-shares/:id/download': 'signed in',
  'GET /api/theme/media': 'admin',
  'POST /api/theme/media': 'admin',
  'DELETE /api/theme/media/:id': 'admin',
  'POST /api/theme/media/:id/reprocess': 'admin',
  'GET /api/theme/media/:id/thumbnail': 'public',
  'GET /api/theme/media/:id/url': 'signed in',
  'GET /api/theme/public-config/:page': 'public',
  'GET /api/theme/settings': 'admin',
  'POST /api/theme/settings/pages': 'admin',
  'POST /api/theme/settings/transcode': 'admin',
  'GET /api/users': 'signed in',
  'POST /api/users': 'admin',
  'DELETE /api/users/:id': 'admin',
  'PATCH /api/users/:id': 'admin',
  'POST /api/verify-email/check': 'public',
  'POST /api/verify-email/send': 'public',
  'GET /auth/callback': 'public',
  'GET /files/:id/:name': 'public',
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /s/:token': 'public',
  'GET /theme-media/:file': 'public',
}

/**
 * transfer's callers: "no access" is a person sso knows whose transfer user
 * is gone (the exchange admits only people in transfer's users table, so a
 * session without one is what is left of a removed person).
 */
export const transferAccess: RouteMatrix = {
  app: 'transfer',
  routes: TRANSFER_ROUTES,
  guards: { signedIn: ['transferAuth'], admin: ['transferAdmin'] },
  signedOutBody: { error: 'Authentication required' },
  notAdminBody: { error: 'Admin access required' },
  signInPage: '/api/auth/login',
  alive: '/api/app-docs',
  fuzzUrls: {
    'PUT /api/settings/:key': [
      '/api/settings/site_name',
      '/api/settings/upload_retention_days',
      '/api/settings/upload_alert_recipients',
    ],
    'GET /api/email-templates/:type': ['/api/email-templates/upload_alert'],
    'PUT /api/email-templates/:type': ['/api/email-templates/upload_alert'],
    'POST /api/email-templates/:type/preview': ['/api/email-templates/upload_alert/preview'],
    'GET /api/theme/public-config/:page': ['/api/theme/public-config/upload'],
  },
  async callers() {
    const removed = await transferPerson('staff')
    await removed.user.delete()
    const staff = await transferPerson('staff')
    const admin = await transferPerson('admin')
    return {
      callers: {
        'no access': (request) => request.withSession(removed.session),
        'staff': (request) => request.withSession(staff.session),
        'admin': (request) => request.withSession(admin.session),
      },
      forget: () => User.query().whereIn('id', [staff.user.id, admin.user.id]).delete(),
    }
  },
}
