import type { AdminCommandTable } from '#services/shared/terminal/admin_command_table'

/** sso's admin routes and the commands that do the same (see admin_command_table.ts). */
export const SSO_ADMIN_COMMANDS: AdminCommandTable = {
  'GET /admin': ['sso:people:list', 'sso:apps:list'],
  'GET /admin/people': ['sso:people:list'],
  'GET /api/admin/people': ['sso:people:list'],
  'POST /api/admin/people/:id/disable': ['sso:people:disable'],
  'POST /api/admin/people/:id/enable': ['sso:people:enable'],
  'POST /api/admin/people/:id/end-sessions': ['sso:people:end-sessions'],
  'POST /api/admin/people/:id/grant-admin': ['sso:people:grant-admin'],
  'POST /api/admin/people/:id/revoke-admin': ['sso:people:revoke-admin'],
  'POST /api/admin/people/:id/reset-totp': ['sso:people:reset-totp'],
  'GET /admin/apps': ['sso:apps:list'],
  'GET /api/admin/apps': ['sso:apps:list'],
  'POST /api/admin/apps': ['sso:apps:create'],
  'PATCH /api/admin/apps/:id': ['sso:apps:update'],
  'DELETE /api/admin/apps/:id': ['sso:apps:delete'],
  'POST /api/admin/apps/:id/disable': ['sso:apps:disable'],
  'POST /api/admin/apps/:id/enable': ['sso:apps:enable'],
  'POST /api/admin/apps/:id/rotate-secret': ['sso:apps:rotate-secret'],
  'GET /admin/audit': ['sso:audit:list'],
  'GET /api/admin/audit': ['sso:audit:list'],
}
