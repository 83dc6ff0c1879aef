/*
 * Exports (spec 3, section 1: "exports (single item: Markdown, PDF; bulk:
 * CSV, XLSX, JSON, zipped Markdown, PDF)"): signed-in people, and a share
 * link's holder for what the link shows.
 */
import router from '@adonisjs/core/services/router'
import { databaseIdParam } from '#validators/shared/ids'
import { middleware, stateful } from '#start/kernel'

const ExportsController = () => import('#controllers/schedule/exports/exports_controller')

// Like GET /api/share/:token: the link is the permission, no session.
router.get('/api/share/:token/export/:format', [ExportsController, 'shared'])

router
  .group(() => {
    router
      .group(() => {
        router.get('/api/exports/:file', [ExportsController, 'bulk'])
        router.get('/api/projects/:id/export/:format', [ExportsController, 'project'])
        router.get('/api/crew/:id/export/:format', [ExportsController, 'crew'])
        router.get('/api/vendors/:id/export/:format', [ExportsController, 'vendor'])
        router.get('/api/locations/:id/export/:format', [ExportsController, 'location'])
      })
      .where('id', databaseIdParam())
      .use(middleware.scheduleAuth())
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
