/*
 * The admin area (spec 2: /api/users, /api/settings, /api/email-templates,
 * /api/notifications/test-email, /api/app-docs, /api/internal/heartbeat,
 * /api/cloudsync/*).
 */
import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const UsersController = () => import('#controllers/transfer/users_controller')
const SettingsController = () => import('#controllers/transfer/settings_controller')
const EmailTemplatesController = () => import('#controllers/transfer/email_templates_controller')
const NotificationsController = () => import('#controllers/transfer/notifications_controller')
const AppDocsController = () => import('#controllers/transfer/app_docs_controller')
const HeartbeatController = () => import('#controllers/transfer/heartbeat_controller')
const CloudsyncController = () => import('#controllers/transfer/cloudsync_controller')

/* Public and stateless: nothing in it depends on who asks. */
router.get('/api/app-docs', [AppDocsController, 'show'])

router
  .group(() => {
    router.post('/api/internal/heartbeat', [HeartbeatController, 'beat'])

    router
      .group(() => {
        router.get('/api/users', [UsersController, 'index'])
        router.get('/api/settings', [SettingsController, 'index'])

        // The backup's browser for staff.
        router.get('/api/cloudsync/progress', [CloudsyncController, 'progress'])
        router.get('/api/cloudsync/available', [CloudsyncController, 'available'])
        router.get('/api/cloudsync/files', [CloudsyncController, 'files'])
        router.get('/api/cloudsync/download-url', [CloudsyncController, 'downloadUrl'])
        router.post('/api/cloudsync/zip-files', [CloudsyncController, 'zipFiles'])
      })
      .use(middleware.transferAuth())

    router
      .group(() => {
        router.post('/api/users', [UsersController, 'store'])
        router.patch('/api/users/:id', [UsersController, 'update'])
        router.delete('/api/users/:id', [UsersController, 'destroy'])

        router.put('/api/settings/:key', [SettingsController, 'update'])

        router.get('/api/email-templates', [EmailTemplatesController, 'index'])
        router.get('/api/email-templates/:type', [EmailTemplatesController, 'show'])
        router.put('/api/email-templates/:type', [EmailTemplatesController, 'update'])
        router.delete('/api/email-templates/:type', [EmailTemplatesController, 'destroy'])
        router.post('/api/email-templates/:type/preview', [EmailTemplatesController, 'preview'])

        router.post('/api/notifications/test-email', [NotificationsController, 'testEmail'])

        // The backup's setup: credentials, the OAuth round trip, the folder.
        router.get('/api/cloudsync/status', [CloudsyncController, 'status'])
        router.post('/api/cloudsync/save-credentials', [CloudsyncController, 'saveCredentials'])
        router.post('/api/cloudsync/connect', [CloudsyncController, 'connect'])
        router.get('/api/cloudsync/connect/callback', [CloudsyncController, 'callback'])
        router.post('/api/cloudsync/disconnect', [CloudsyncController, 'disconnect'])
        router.get('/api/cloudsync/folders', [CloudsyncController, 'folders'])
        router.post('/api/cloudsync/folders', [CloudsyncController, 'chooseFolder'])
      })
      .use(middleware.transferAdmin())
  })
  .use(stateful())
