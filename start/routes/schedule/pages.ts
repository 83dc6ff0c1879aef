/*
 * The app's pages (Inertia). A signed-out visitor is sent to /login (the
 * schedulePage guard), except on the front page and the public share page.
 */
import router from '@adonisjs/core/services/router'
import { databaseIdParam } from '#validators/shared/ids'
import { middleware, stateful } from '#start/kernel'

const PagesController = () => import('#controllers/schedule/pages_controller')
const CalendarPageController = () =>
  import('#controllers/schedule/calendar/calendar_page_controller')
const ConflictsPageController = () =>
  import('#controllers/schedule/calendar/conflicts_page_controller')
const ProjectPageController = () => import('#controllers/schedule/projects/project_page_controller')
const DirectoryPageController = () =>
  import('#controllers/schedule/directory/directory_page_controller')
const TrashPageController = () => import('#controllers/schedule/trash/trash_page_controller')
const ListsPageController = () => import('#controllers/schedule/settings/lists_page_controller')
const AdminPageController = () => import('#controllers/schedule/settings/admin_page_controller')
const SharePageController = () => import('#controllers/schedule/sharing/share_page_controller')

router
  .group(() => {
    router.get('/', [PagesController, 'home'])
    router.get('/share/:token', [SharePageController, 'show'])
    router
      .group(() => {
        router.get('/calendar', [CalendarPageController, 'show'])
        router.get('/projects/:id', [ProjectPageController, 'show']).where('id', databaseIdParam())
        router.get('/directory', [DirectoryPageController, 'show'])
        router.get('/conflicts', [ConflictsPageController, 'show'])
        router.get('/trash', [TrashPageController, 'show'])
        router.get('/settings', [ListsPageController, 'show'])
        router.get('/admin', [AdminPageController, 'show'])
      })
      .use(middleware.schedulePage())
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
