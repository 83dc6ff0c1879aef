/*
 * Administration (spec 3, section 4, "Administration", without calendar sync,
 * taskboard, backup and import) and the public landing settings and app docs.
 */
import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const AdminUsersController = () => import('#controllers/schedule/people/admin_users_controller')
const AdminSettingsController = () =>
  import('#controllers/schedule/settings/admin_settings_controller')
const BootstrapController = () => import('#controllers/schedule/people/bootstrap_controller')
const LandingSettingsController = () =>
  import('#controllers/schedule/settings/landing_settings_controller')
const AppDocsController = () => import('#controllers/schedule/settings/app_docs_controller')

/*
 * Public reads and the bootstrap call need no session: they act for no one,
 * so they run without the session, CSRF and the development bypass. Bootstrap
 * is called by a setup script, which has no page to take a CSRF token from;
 * it is gated by the empty users table and BOOTSTRAP_SECRET instead.
 */
router.get('/api/landing-settings', [LandingSettingsController, 'show'])
router.get('/api/app-docs', [AppDocsController, 'show'])
router.post('/api/admin/bootstrap', [BootstrapController, 'store'])

router
  .group(() => {
    router
      .group(() => {
        router.get('/api/admin/users', [AdminUsersController, 'index'])
        router.post('/api/admin/users', [AdminUsersController, 'store'])
        router.patch('/api/admin/users/:id', [AdminUsersController, 'update'])
        router.delete('/api/admin/users/:id', [AdminUsersController, 'destroy'])
        router.get('/api/auth/lookup-email', [AdminUsersController, 'lookupEmail'])
        router.get('/api/admin/settings', [AdminSettingsController, 'show'])
        router.patch('/api/admin/settings', [AdminSettingsController, 'update'])
      })
      .use(middleware.scheduleAdmin())
  })
  .use([...stateful(), middleware.scheduleDevBypass()])

/* The taskboard webhook (spec 3, section 4, "Administration"). */
const TaskboardController = () => import('#controllers/schedule/feedback/taskboard_controller')

/* Calendar sync (spec 3, Administration): one-way to a Google calendar. */
const CalendarSyncController = () =>
  import('#controllers/schedule/calendar_sync/calendar_sync_controller')

router
  .group(() => {
    router
      .group(() => {
        router.get('/api/admin/taskboard/status', [TaskboardController, 'status'])
        router.post('/api/admin/taskboard/webhook', [TaskboardController, 'webhook'])
        router.post('/api/admin/taskboard/disconnect', [TaskboardController, 'disconnect'])
        router.post('/api/admin/taskboard/test', [TaskboardController, 'test'])
        router.get('/api/admin/calsync/status', [CalendarSyncController, 'status'])
        router.patch('/api/admin/calsync/settings', [CalendarSyncController, 'updateSettings'])
        router.post('/api/admin/calsync/test', [CalendarSyncController, 'test'])
        router.post('/api/admin/calsync/sync', [CalendarSyncController, 'sync'])
      })
      .use(middleware.scheduleAdmin())
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
