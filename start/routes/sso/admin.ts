/*
 * The admin dashboard: people, connected apps, audit log. Pages under
 * /admin, their JSON API under /api/admin; admins only.
 */
import router from '@adonisjs/core/services/router'
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
          .where('id', router.matchers.number())
        router
          .post('/people/:id/enable', [PeopleController, 'enable'])
          .where('id', router.matchers.number())
        router
          .post('/people/:id/end-sessions', [PeopleController, 'endSessions'])
          .where('id', router.matchers.number())
        router
          .post('/people/:id/reset-totp', [PeopleController, 'resetTotp'])
          .where('id', router.matchers.number())
        router
          .post('/people/:id/grant-admin', [PeopleController, 'grantAdmin'])
          .where('id', router.matchers.number())
        router
          .post('/people/:id/revoke-admin', [PeopleController, 'revokeAdmin'])
          .where('id', router.matchers.number())

        router.get('/apps', [AppsController, 'list'])
        router.post('/apps', [AppsController, 'store'])
        router.patch('/apps/:id', [AppsController, 'update']).where('id', router.matchers.number())
        router
          .post('/apps/:id/rotate-secret', [AppsController, 'rotateSecret'])
          .where('id', router.matchers.number())
        router
          .post('/apps/:id/disable', [AppsController, 'disable'])
          .where('id', router.matchers.number())
        router
          .post('/apps/:id/enable', [AppsController, 'enable'])
          .where('id', router.matchers.number())
        router
          .delete('/apps/:id', [AppsController, 'destroy'])
          .where('id', router.matchers.number())

        router.get('/audit', [AuditController, 'list'])
      })
      .prefix('/api/admin')
  })
  .use([...stateful(), middleware.ssoAuth(), middleware.ssoAdmin()])
