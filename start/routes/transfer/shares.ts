/*
 * Shares, downloads and download logs (spec 2: /api/staff-shares, /api/share/:token,
 * /api/generate-password, staff routes of /api/public-uploads, /api/download-logs),
 * the recipient's share page and the signed file route of the `fs` disk.
 */
import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'
import { FS_DOWNLOAD_ROUTE } from '#services/transfer/upload_storage'

const PasswordsController = () => import('#controllers/transfer/passwords_controller')
const StaffSharesController = () => import('#controllers/transfer/staff_shares_controller')
const SharesController = () => import('#controllers/transfer/shares_controller')
const StaffUploadsController = () => import('#controllers/transfer/staff_uploads_controller')
const DownloadLogsController = () => import('#controllers/transfer/download_logs_controller')
const FilesController = () => import('#controllers/transfer/files_controller')

/*
 * The signature is the only key: no session, so a download manager or
 * `curl -C -` holding the URL resumes it without cookies.
 */
router
  .get('/files/:id/:name', [FilesController, 'show'])
  .where('id', router.matchers.uuid())
  .as(FS_DOWNLOAD_ROUTE)

router
  .group(() => {
    router.get('/api/generate-password', [PasswordsController, 'generate'])

    router.get('/api/share/:token', [SharesController, 'show'])
    router.post('/api/share/:token/download', [SharesController, 'download'])
    router.get('/s/:token', [SharesController, 'page'])

    /* Public in the spec: the controller admits staff and the visitor who uploaded it. */
    router
      .get('/api/public-uploads/:id/download', [StaffUploadsController, 'download'])
      .where('id', router.matchers.uuid())

    router
      .group(() => {
        router.get('/api/staff-shares', [StaffSharesController, 'index'])
        router.post('/api/staff-shares', [StaffSharesController, 'store'])
        router.put('/api/staff-shares/:id', [StaffSharesController, 'update'])
        router.delete('/api/staff-shares/:id', [StaffSharesController, 'destroy'])
        router.get('/api/staff-shares/:id/download', [StaffSharesController, 'download'])

        router.get('/api/public-uploads', [StaffUploadsController, 'index'])
        router.delete('/api/public-uploads/:id', [StaffUploadsController, 'destroy'])

        router.get('/api/download-logs', [DownloadLogsController, 'index'])
        router.get('/api/download-logs/export', [DownloadLogsController, 'export'])
      })
      .where('id', router.matchers.uuid())
      .use(middleware.transferAuth())
  })
  .use(stateful())
