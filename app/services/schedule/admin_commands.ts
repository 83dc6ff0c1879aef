import type { AdminCommandTable } from '#services/shared/terminal/admin_command_table'

/*
 * The reference lists (statuses, project statuses, crew roles, vendor and
 * location types, regions, activity types) are staff routes that are admin
 * work in practice: one controller under seven prefixes, one command family.
 * Their names are written out rather than read from the service, so this
 * table loads no models.
 */
const REFERENCE_LISTS = [
  'statuses',
  'project-statuses',
  'crew-roles',
  'vendor-types',
  'location-types',
  'regions',
  'activity-types',
]

const REFERENCE_LIST_COMMANDS: AdminCommandTable = Object.fromEntries(
  REFERENCE_LISTS.flatMap((list) => [
    [`GET /api/${list}`, ['schedule:lists:show']],
    [`POST /api/${list}`, ['schedule:lists:add']],
    [`PUT /api/${list}/order`, ['schedule:lists:reorder']],
    [`PATCH /api/${list}/:id`, ['schedule:lists:rename', 'schedule:lists:update']],
    [`DELETE /api/${list}/:id`, ['schedule:lists:remove']],
  ])
)

/** schedule's admin routes and the commands that do the same (see admin_command_table.ts). */
export const SCHEDULE_ADMIN_COMMANDS: AdminCommandTable = {
  'GET /admin': [
    'schedule:users:list',
    'schedule:settings:list',
    'schedule:taskboard:status',
    'schedule:calendar:setup',
  ],
  'GET /admin/feedback': ['schedule:feedback:list'],
  'GET /api/feedback': ['schedule:feedback:list'],
  'PATCH /api/feedback/:id': ['schedule:feedback:update'],
  'DELETE /api/feedback/:id': ['schedule:feedback:delete'],
  'GET /api/feedback/:id/screenshot': ['schedule:feedback:screenshot'],
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
  'GET /api/admin/settings': ['schedule:settings:list'],
  'PATCH /api/admin/settings': ['schedule:settings:set'],
  'GET /api/admin/users': ['schedule:users:list'],
  'POST /api/admin/users': ['schedule:users:create'],
  'PATCH /api/admin/users/:id': ['schedule:users:set-role', 'schedule:users:rename'],
  'DELETE /api/admin/users/:id': ['schedule:users:delete'],
  'GET /api/auth/lookup-email': ['schedule:users:lookup'],
  'GET /api/message-templates': ['schedule:messages:templates'],
  'POST /api/message-templates': ['schedule:messages:templates'],
  'PATCH /api/message-templates/:id': ['schedule:messages:templates:update'],
  'DELETE /api/message-templates/:id': ['schedule:messages:templates'],
  'GET /api/trash/:type': ['schedule:trash:list'],
  'POST /api/trash/:type/:id/restore': ['schedule:trash:restore'],
  'DELETE /api/trash/:type/:id': ['schedule:trash:delete'],
  'POST /api/trash/cleanup': ['schedule:trash:cleanup'],
  ...REFERENCE_LIST_COMMANDS,
}
