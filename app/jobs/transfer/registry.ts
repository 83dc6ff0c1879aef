import app from '@adonisjs/core/services/app'
import { defineJob } from '#services/shared/jobs/job_definition'
import { mailJobs } from '#jobs/shared/mail_jobs'
import { purgeExpiredSignInCodes } from '#jobs/shared/sign_in_code_jobs'
import { ExpiredCleanup } from '#services/transfer/expired_cleanup'
import { UploadContentHash } from '#services/transfer/upload_content_hash'
import { UploadStorage } from '#services/transfer/upload_storage'
import { BACKUP_UPLOAD_JOB, BackupQueue } from '#services/transfer/backup/backup_queue'
import { UploadBackup } from '#services/transfer/backup/upload_backup'
import {
  THEME_IMAGE_JOB,
  THEME_VIDEO_JOB,
  ThemeMediaLibrary,
} from '#services/transfer/theme/theme_media_library'
import { ThemeMediaProcessor } from '#services/transfer/theme/theme_media_processor'

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

  /*
   * One finished upload's backup to the file-sync provider, one at a time
   * per instance (the uplink is the limit). Two runs of one upload never
   * interleave their chunks: the run holds an advisory lock on the upload
   * (a second run answers "busy"), which a dead process drops at once, so a
   * restart resumes at the provider's committed offset without waiting for
   * the dead run's job to expire.
   */
  defineJob<{ uploadId: string }>({
    name: BACKUP_UPLOAD_JOB,
    description: 'Backs one finished upload up to the file-sync provider',
    policy: 'standard',
    concurrency: 1,
    retry: { limit: 8, delaySeconds: 60, backoff: true, maxDelaySeconds: 3600 },
    // 50 GB at a slow 5 MB/s is about three hours.
    expireInSeconds: 6 * 60 * 60,
    heartbeatSeconds: 60,
    wakeOnSend: true,
    handler: async ({ uploadId }, { signal, isLastAttempt }) => {
      const backup = await app.container.make(UploadBackup)
      return { outcome: await backup.run(uploadId, { signal, isLastAttempt }) }
    },
  }),

  /*
   * Spec 2, section 1: at startup interrupted backup uploads are resumed.
   * The uploads' own rows say which (pending or uploading): each gets a job.
   */
  defineJob({
    name: 'transfer.resume-backups',
    description: 'Sends the backups interrupted or still waiting again (after a start)',
    runAtStartAfterSeconds: 5,
    policy: 'exclusive',
    retry: { limit: 3, delaySeconds: 60, backoff: true },
    expireInSeconds: 10 * 60,
    handler: async () => {
      const queue = await app.container.make(BackupQueue)
      return { requeued: await queue.requeue() }
    },
  }),

  /*
   * A background picture's sizes and formats (sharp): quick, two at a time,
   * never queued behind a video.
   */
  defineJob<{ mediaId: string }>({
    name: THEME_IMAGE_JOB,
    description: 'Makes the background sizes and thumbnail of an uploaded image',
    policy: 'standard',
    concurrency: 2,
    retry: { limit: 2, delaySeconds: 30, backoff: true },
    expireInSeconds: 10 * 60,
    heartbeatSeconds: 30,
    wakeOnSend: true,
    handler: async ({ mediaId }, { signal, isLastAttempt }) => {
      const processor = await app.container.make(ThemeMediaProcessor)
      return { outcome: await processor.process(mediaId, { signal, isLastAttempt }) }
    },
  }),

  /*
   * Spec 2, section 8: one transcoding job at a time. Each instance takes one
   * video at a time, and the run holds the transcoding advisory lock, so
   * across instances the second waits for the first (in the database); a
   * process that dies drops the lock at once and the startup sweep below
   * starts its video over.
   */
  defineJob<{ mediaId: string }>({
    name: THEME_VIDEO_JOB,
    description: 'Transcodes an uploaded background video (one at a time across instances)',
    policy: 'standard',
    concurrency: 1,
    retry: { limit: 2, delaySeconds: 60, backoff: true },
    // Waiting for the lock counts too: a queue of long videos takes a while.
    expireInSeconds: 4 * 60 * 60,
    heartbeatSeconds: 30,
    wakeOnSend: true,
    handler: async ({ mediaId }, { signal, isLastAttempt }) => {
      const processor = await app.container.make(ThemeMediaProcessor)
      return { outcome: await processor.process(mediaId, { signal, isLastAttempt }) }
    },
  }),

  /* Media a restart interrupted (processing) or that never started (pending) get a job again. */
  defineJob({
    name: 'transfer.resume-theme-media',
    description:
      'Sends theme media interrupted or still waiting to processing again (after a start)',
    runAtStartAfterSeconds: 3,
    policy: 'exclusive',
    retry: { limit: 3, delaySeconds: 60, backoff: true },
    expireInSeconds: 10 * 60,
    handler: async () => {
      const library = await app.container.make(ThemeMediaLibrary)
      return { requeued: await library.requeue() }
    },
  }),
]
