import type { AdminCommandTable } from '#services/shared/terminal/admin_command_table'

/** schedule's admin routes and the commands that do the same (see admin_command_table.ts). */
export const SCHEDULE_ADMIN_COMMANDS: AdminCommandTable = {
  'GET /admin/feedback': ['schedule:feedback:list'],
  'GET /api/feedback': ['schedule:feedback:list'],
  'PATCH /api/feedback/:id': ['schedule:feedback:update'],
  'DELETE /api/feedback/:id': ['schedule:feedback:delete'],
  'GET /api/admin/backup/download': ['schedule:backup'],
  'POST /api/admin/import': ['schedule:import'],
  'GET /api/admin/calsync/status': ['schedule:calendar:setup'],
  'PATCH /api/admin/calsync/settings': ['schedule:calendar:setup'],
  'POST /api/admin/calsync/test': ['schedule:calendar:setup'],
  'POST /api/admin/calsync/sync': ['schedule:calendar:sync'],
  'GET /api/admin/taskboard/status': ['schedule:taskboard:status'],
  'POST /api/admin/taskboard/webhook': ['schedule:taskboard:connect'],
  'POST /api/admin/taskboard/disconnect': ['schedule:taskboard:disconnect'],
  'POST /api/admin/taskboard/test': ['schedule:taskboard:test'],
  'GET /api/admin/users': ['schedule:users:list'],
  'POST /api/admin/users': ['schedule:users:create'],
  'PATCH /api/admin/users/:id': ['schedule:users:set-role'],
  'DELETE /api/admin/users/:id': ['schedule:users:delete'],
  'POST /api/message-templates': ['schedule:messages:templates'],
  'DELETE /api/message-templates/:id': ['schedule:messages:templates'],
  'POST /api/trash/cleanup': ['schedule:trash:cleanup'],
}
