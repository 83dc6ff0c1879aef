/*
 * Backup and import (spec 3, section 4, "Administration"): the whole
 * scheduling database as one JSON document, and its restore.
 */
import router from '@adonisjs/core/services/router'
import limiter from '@adonisjs/limiter/services/main'
import { middleware, stateful } from '#start/kernel'

const BackupController = () => import('#controllers/schedule/backup/backup_controller')

/*
 * A backup script has a secret, not a session: this route runs without the
 * session, CSRF and the development bypass, and is gated by the secret alone
 * (BACKUP_SECRET, else the backup_secret setting; neither: 403). A script
 * calls it a few times a day at most: the limit leaves no room for guessing
 * the secret, and none for reading the whole database in a loop.
 */
const backupLimit = limiter.define('schedule_backup_secret', (ctx) =>
  limiter.allowRequests(20).every('15 minutes').usingKey(`ip_${ctx.request.ip()}`)
)
router.get('/api/admin/backup', [BackupController, 'show']).use(backupLimit)

router
  .group(() => {
    router
      .group(() => {
        // The same document for the Administration page, which never sees the secret.
        router.get('/api/admin/backup/download', [BackupController, 'downloadForAdmin'])
        // Up to 50 MB of JSON here alone, read only once the caller is known to be an admin.
        router
          .post('/api/admin/import', [BackupController, 'store'])
          .use(middleware.largeJsonBody({ limit: '50mb' }))
      })
      .use(middleware.scheduleAdmin())
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
