/*
 * Administration (spec 3, section 4, "Administration", without calendar sync,
 * taskboard, backup and import) and the public landing settings and app docs.
 */
import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const AdminUsersController = () => import('#controllers/schedule/admin_users_controller')

router
  .group(() => {
    router
      .group(() => {
        router.get('/api/admin/users', [AdminUsersController, 'index'])
        router.post('/api/admin/users', [AdminUsersController, 'store'])
      })
      .use(middleware.scheduleAdmin())
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
