/*
 * The trash (spec 3, sections 3 and 4, "Feedback and trash") and public share links (/api/share, and the public GET /api/share/:token).
 */
import router from '@adonisjs/core/services/router'
import { databaseIdParam } from '#validators/shared/ids'
import { middleware, stateful } from '#start/kernel'

const TrashController = () => import('#controllers/schedule/trash/trash_controller')
const ShareLinksController = () => import('#controllers/schedule/sharing/share_links_controller')
const PublicShareController = () => import('#controllers/schedule/sharing/public_share_controller')

// A share link's recipient has no session and needs none.
router.get('/api/share/:token', [PublicShareController, 'show'])

router
  .group(() => {
    router
      .group(() => {
        router.get('/api/trash/:type', [TrashController, 'index'])
        router
          .post('/api/trash/:type/:id/restore', [TrashController, 'restore'])
          .where('id', databaseIdParam())

        router.get('/api/share', [ShareLinksController, 'index'])
        router.post('/api/share', [ShareLinksController, 'store'])
        router
          .patch('/api/share/:id', [ShareLinksController, 'update'])
          .where('id', databaseIdParam())
        router
          .delete('/api/share/:id', [ShareLinksController, 'destroy'])
          .where('id', databaseIdParam())
      })
      .use(middleware.scheduleAuth())

    router
      .group(() => {
        router.post('/api/trash/cleanup', [TrashController, 'cleanup'])
        router
          .delete('/api/trash/:type/:id', [TrashController, 'destroy'])
          .where('id', databaseIdParam())
      })
      .use(middleware.scheduleAdmin())
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
