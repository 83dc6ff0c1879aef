/*
 * The app's pages (Inertia). A signed-out visitor is sent to /login, except
 * on the public share page.
 */
import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const PagesController = () => import('#controllers/schedule/pages_controller')
const TrashPageController = () => import('#controllers/schedule/trash/trash_page_controller')
const ListsPageController = () => import('#controllers/schedule/settings/lists_page_controller')
const AdminPageController = () => import('#controllers/schedule/settings/admin_page_controller')
const SharePageController = () => import('#controllers/schedule/sharing/share_page_controller')

router
  .group(() => {
    router.get('/', [PagesController, 'home'])
    router.get('/calendar', [PagesController, 'calendar'])
    router.get('/projects/:id', [PagesController, 'project']).where('id', router.matchers.number())
    router.get('/directory', [PagesController, 'directory'])
    router.get('/conflicts', [PagesController, 'conflicts'])
    router.get('/trash', [TrashPageController, 'show'])
    router.get('/settings', [ListsPageController, 'show'])
    router.get('/admin', [AdminPageController, 'show'])
    router.get('/share/:token', [SharePageController, 'show'])
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
