/*
 * The admin area (spec 2: /api/users, /api/settings, /api/email-templates,
 * /api/notifications/test-email, /api/app-docs, /api/internal/heartbeat).
 */
import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const UsersController = () => import('#controllers/transfer/users_controller')

router
  .group(() => {
    router.get('/api/users', [UsersController, 'index']).use(middleware.transferAuth())
    router.post('/api/users', [UsersController, 'store']).use(middleware.transferAdmin())
  })
  .use(stateful())
