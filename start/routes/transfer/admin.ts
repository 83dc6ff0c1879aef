/*
 * The admin area (spec 2: /api/users, /api/settings, /api/email-templates,
 * /api/notifications/test-email, /api/app-docs, /api/internal/heartbeat).
 */
import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const UsersController = () => import('#controllers/transfer/users_controller')
const SettingsController = () => import('#controllers/transfer/settings_controller')
const EmailTemplatesController = () => import('#controllers/transfer/email_templates_controller')
const NotificationsController = () => import('#controllers/transfer/notifications_controller')
const AppDocsController = () => import('#controllers/transfer/app_docs_controller')
const HeartbeatController = () => import('#controllers/transfer/heartbeat_controller')

/* Public and stateless: nothing in it depends on who asks. */
router.get('/api/app-docs', [AppDocsController, 'show'])

router
  .group(() => {
    router.post('/api/internal/heartbeat', [HeartbeatController, 'beat'])

    router
      .group(() => {
        router.get('/api/users', [UsersController, 'index'])
        router.get('/api/settings', [SettingsController, 'index'])
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
      })
      .use(middleware.transferAdmin())
  })
  .use(stateful())
