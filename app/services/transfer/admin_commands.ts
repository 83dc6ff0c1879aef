import type { AdminCommandTable } from '#services/shared/terminal/admin_command_table'

/** transfer's admin routes and the commands that do the same (see admin_command_table.ts). */
export const TRANSFER_ADMIN_COMMANDS: AdminCommandTable = {
  'POST /api/cloudsync/save-credentials': ['transfer:backup:setup'],
  'POST /api/cloudsync/connect': ['transfer:backup:setup'],
  'GET /api/cloudsync/connect/callback': ['transfer:backup:setup'],
  'POST /api/cloudsync/disconnect': ['transfer:backup:setup'],
  'GET /api/cloudsync/folders': ['transfer:backup:setup'],
  'POST /api/cloudsync/folders': ['transfer:backup:setup'],
  'GET /api/cloudsync/status': ['transfer:backup:status'],
  'POST /api/users': ['transfer:users:create'],
  'DELETE /api/users/:id': ['transfer:users:delete'],
  'GET /api/theme/media': ['transfer:theme:list'],
  'POST /api/theme/media/:id/reprocess': ['transfer:theme:reprocess'],
  'GET /api/theme/settings': ['transfer:theme:list'],
}
