import app from '@adonisjs/core/services/app'
import { defineJob } from '#services/shared/jobs/job_definition'
import { mailJobs } from '#jobs/shared/mail_jobs'
import { purgeExpiredSignInCodes } from '#jobs/shared/sign_in_code_jobs'
import { ExpiredCleanup } from '#services/transfer/expired_cleanup'
import { UploadContentHash } from '#services/transfer/upload_content_hash'
import { UploadStorage } from '#services/transfer/upload_storage'

/** transfer's background jobs (see the README's "Background jobs"). */
export const jobs = [
  ...mailJobs(),
  purgeExpiredSignInCodes,

  /*
   * Spec 2, section 8: expired files are looked for every hour. Removals that
   * failed (storage unreachable) fail the run, so it is retried and, if it
   * keeps failing, shows in jobs:status; what was removed stays removed.
   */
  defineJob({
    name: 'transfer.cleanup-expired',
    description: 'Removes expired shares, expired uploads and abandoned partial uploads (hourly)',
    schedule: '0 * * * *',
    runAtStartAfterSeconds: 15,
    policy: 'exclusive',
    retry: { limit: 3, delaySeconds: 300, backoff: true },
    expireInSeconds: 55 * 60,
    heartbeatSeconds: 60,
    handler: async () => {
      const cleanup = await app.container.make(ExpiredCleanup)
      const counts = await cleanup.run()
      if (counts.failed > 0) {
        throw new Error(`${counts.failed} upload(s) could not be removed; the others were`)
      }
      return counts
    },
  }),

  /*
   * A finished upload whose streaming hash was lost (a crash on the s3 disk)
   * is hashed by reading it back; a process stopped during that reading
   * leaves it 'verifying', so every start picks such uploads up again.
   */
  defineJob({
    name: 'transfer.verify-upload-hashes',
    description: 'Hashes finished uploads left unverified (after a start)',
    runAtStartAfterSeconds: 0,
    policy: 'exclusive',
    retry: { limit: 2, delaySeconds: 60, backoff: true },
    // Reading 50 GB back from object storage takes a while.
    expireInSeconds: 6 * 60 * 60,
    heartbeatSeconds: 60,
    handler: async () => {
      const storage = await app.container.make(UploadStorage)
      return { verified: await new UploadContentHash(storage).verifyPending() }
    },
  }),
]
