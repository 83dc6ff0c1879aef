/*
 * Periodic housekeeping of the web process. The relying apps purge expired
 * one-time sign-in codes every 60 seconds (their specs' interval); transfer
 * removes expired files every hour (spec 2, section 8); schedule empties its
 * trash of items deleted more than 30 days ago at startup and daily (spec 3,
 * sections 3 and 8).
 */
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { PendingAuthCodes } from '#services/shared/relying_party/pending_auth_codes'

if (env.get('APP_ID') !== 'sso') {
  const codes = new PendingAuthCodes()
  const timer = setInterval(() => {
    codes
      .purgeExpired()
      .catch((error) => logger.error({ err: error }, 'purging sign-in codes failed'))
  }, 60_000)
  timer.unref()
  app.terminating(() => clearInterval(timer))
}

if (env.get('APP_ID') === 'transfer') {
  const { ExpiredCleanup, EXPIRED_CLEANUP_INTERVAL_MS } =
    await import('#services/transfer/expired_cleanup')
  const { UploadContentHash } = await import('#services/transfer/upload_content_hash')
  const { UploadStorage } = await import('#services/transfer/upload_storage')
  let running: Promise<unknown> = Promise.resolve()

  /*
   * A finished upload whose streaming hash was lost (a crash on the s3 disk)
   * is hashed by reading it back; a process stopped during that reading
   * leaves it 'verifying', so every start picks such uploads up again.
   */
  running = running
    .then(async () => {
      const storage = await app.container.make(UploadStorage)
      const verified = await new UploadContentHash(storage).verifyPending()
      if (verified > 0) {
        logger.info({ verified }, 'hashed finished uploads left unverified')
      }
    })
    .catch((error) => logger.error({ err: error }, 'hashing unverified uploads failed'))

  /*
   * Every instance schedules the run; the cleanup's advisory lock lets one of
   * them do it. A run never overlaps the previous one of this process.
   */
  const cleanUp = () => {
    running = running
      .then(async () => {
        const cleanup = await app.container.make(ExpiredCleanup)
        const counts = await cleanup.run()
        if (counts.ran) {
          logger.info(counts, 'expired-file cleanup done')
        }
      })
      .catch((error) => logger.error({ err: error }, 'expired-file cleanup failed'))
  }

  // Soon after start too, so a restart never postpones the cleanup by an hour.
  const firstRun = setTimeout(cleanUp, 15_000)
  const hourly = setInterval(cleanUp, EXPIRED_CLEANUP_INTERVAL_MS)
  firstRun.unref()
  hourly.unref()
  app.terminating(async () => {
    clearTimeout(firstRun)
    clearInterval(hourly)
    await running
  })
}

if (env.get('APP_ID') === 'schedule') {
  const { Trash } = await import('#services/schedule/trash')
  let running: Promise<unknown> = Promise.resolve()

  /*
   * Every instance schedules the run; the cleanup's advisory lock lets one of
   * them do it, and the others skip rather than wait. A run never overlaps
   * the previous one of this process.
   */
  const cleanUp = () => {
    running = running
      .then(async () => {
        const trash = await app.container.make(Trash)
        const { ran, removed } = await trash.cleanup({ wait: false })
        if (ran && Object.values(removed).some((count) => count > 0)) {
          logger.info(removed, 'trash cleanup done')
        }
      })
      .catch((error) => logger.error({ err: error }, 'trash cleanup failed'))
  }

  // Shortly after start, so the web server is up first and a restart never postpones the run by a day.
  const firstRun = setTimeout(cleanUp, 15_000)
  const daily = setInterval(cleanUp, 24 * 60 * 60 * 1000)
  firstRun.unref()
  daily.unref()
  app.terminating(async () => {
    clearTimeout(firstRun)
    clearInterval(daily)
    await running
  })
}
