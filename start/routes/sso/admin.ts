/*
 * The admin dashboard: people, connected apps, audit log. Pages under
 * /admin, their JSON API under /api/admin; admins only.
 */
import router from '@adonisjs/core/services/router'
import { databaseIdParam } from '#validators/shared/ids'
import { middleware, stateful } from '#start/kernel'

const PeopleController = () => import('#controllers/sso/admin/people_controller')
const AppsController = () => import('#controllers/sso/admin/apps_controller')
const AuditController = () => import('#controllers/sso/admin/audit_controller')

router
  .group(() => {
    router.on('/admin').redirectToPath('/admin/people')
    router.get('/admin/people', [PeopleController, 'index'])
    router.get('/admin/apps', [AppsController, 'index'])
    router.get('/admin/audit', [AuditController, 'index'])

    router
      .group(() => {
        router.get('/people', [PeopleController, 'search'])
        router
          .post('/people/:id/disable', [PeopleController, 'disable'])
          .where('id', databaseIdParam())
        router
          .post('/people/:id/enable', [PeopleController, 'enable'])
          .where('id', databaseIdParam())
        router
          .post('/people/:id/end-sessions', [PeopleController, 'endSessions'])
          .where('id', databaseIdParam())
        router
          .post('/people/:id/reset-totp', [PeopleController, 'resetTotp'])
          .where('id', databaseIdParam())
        router
          .post('/people/:id/grant-admin', [PeopleController, 'grantAdmin'])
          .where('id', databaseIdParam())
        router
          .post('/people/:id/revoke-admin', [PeopleController, 'revokeAdmin'])
          .where('id', databaseIdParam())

        router.get('/apps', [AppsController, 'list'])
        router.post('/apps', [AppsController, 'store'])
        router.patch('/apps/:id', [AppsController, 'update']).where('id', databaseIdParam())
        router
          .post('/apps/:id/rotate-secret', [AppsController, 'rotateSecret'])
          .where('id', databaseIdParam())
        router.post('/apps/:id/disable', [AppsController, 'disable']).where('id', databaseIdParam())
        router.post('/apps/:id/enable', [AppsController, 'enable']).where('id', databaseIdParam())
        router.delete('/apps/:id', [AppsController, 'destroy']).where('id', databaseIdParam())

        router.get('/audit', [AuditController, 'list'])
      })
      .prefix('/api/admin')
  })
  .use([...stateful(), middleware.ssoAuth(), middleware.ssoAdmin()])
