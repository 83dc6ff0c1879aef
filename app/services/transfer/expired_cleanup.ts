import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import PublicUpload from '#models/transfer/public_upload'
import StaffShare from '#models/transfer/staff_share'
import { UploadRemoval } from '#services/transfer/upload_removal'
import { transferConfig } from '#config/transfer'

/** Spec 2, section 8: expired files are looked for every hour. */
export const EXPIRED_CLEANUP_INTERVAL_MS = 60 * 60 * 1000

/*
 * Key of the PostgreSQL advisory lock that lets one instance at a time run
 * the cleanup ("transfer" and "cleanup" as two 32-bit halves of the key).
 */
const LOCK_CLASS = 0x7472_616e
const LOCK_OBJECT = 0x636c_6e75

export type CleanupCounts = {
  /** False when another instance was already running the cleanup. */
  ran: boolean
  expiredShares: number
  expiredUploads: number
  abandonedUploads: number
  /** Uploads whose removal failed (storage unreachable…); the next run retries them. */
  failed: number
}

export type CleanupProgress = (line: string) => void

/**
 * Removes what has run out: expired shares (their download logs stay, no
 * longer pointing at them), finished uploads past their expiry that no live
 * share still offers, and partial uploads nobody has touched for
 * `transferConfig.abandonedUploadAfterMs`. Files go through UploadRemoval
 * (storage first, then the row), so a file already gone is not an error and a
 * second run finds nothing left to do.
 */
@inject()
export class ExpiredCleanup {
  constructor(protected removal: UploadRemoval) {}

  async run(progress: CleanupProgress = () => {}): Promise<CleanupCounts> {
    const counts = {
      ran: true,
      expiredShares: 0,
      expiredUploads: 0,
      abandonedUploads: 0,
      failed: 0,
    }
    /*
     * The lock lives as long as this transaction, whose connection does nothing
     * else: the removals run on other connections, so a crash mid-run never
     * rolls back files already deleted from storage.
     */
    const lock = await db.transaction()
    try {
      const result = await lock.rawQuery('select pg_try_advisory_xact_lock(?, ?) as locked', [
        LOCK_CLASS,
        LOCK_OBJECT,
      ])
      const locked: boolean = result.rows[0].locked
      if (!locked) {
        progress('Another instance is cleaning up already; nothing to do here')
        return { ...counts, ran: false }
      }
      counts.expiredShares = await this.removeExpiredShares(progress)
      const expired = await this.removeUploads(this.expiredUploads(), 'expired', progress)
      const abandoned = await this.removeUploads(this.abandonedUploads(), 'abandoned', progress)
      counts.expiredUploads = expired.removed
      counts.abandonedUploads = abandoned.removed
      counts.failed = expired.failed + abandoned.failed
      return counts
    } finally {
      await lock.rollback()
    }
  }

  /** What a run would remove now, removing nothing (the command's `--dry-run`). */
  async preview() {
    const [expiredShares, expiredUploads, abandonedUploads] = await Promise.all([
      StaffShare.query().where('expires_at', '<=', db.raw('now()')).orderBy('expires_at', 'asc'),
      this.expiredUploads(),
      this.abandonedUploads(),
    ])
    return { expiredShares, expiredUploads, abandonedUploads }
  }

  protected async removeExpiredShares(progress: CleanupProgress) {
    const removed: { token: string }[] = await db
      .from(StaffShare.table)
      .where('expires_at', '<=', db.raw('now()'))
      .delete('token')
    for (const share of removed) {
      progress(`Removed the expired share ${share.token}`)
    }
    return removed.length
  }

  /** Finished, past their expiry, and not offered by a share that is still live. */
  protected expiredUploads() {
    return PublicUpload.query()
      .where('status', 'complete')
      .where('expires_at', '<=', db.raw('now()'))
      .whereNotExists((shares) =>
        shares
          .from('staff_shares')
          .whereColumn('staff_shares.upload_id', 'public_uploads.id')
          .where((live) =>
            live
              .whereNull('staff_shares.expires_at')
              .orWhere('staff_shares.expires_at', '>', db.raw('now()'))
          )
      )
      .orderBy('expires_at', 'asc')
  }

  protected abandonedUploads() {
    return PublicUpload.query()
      .where('status', 'uploading')
      .where(
        'updated_at',
        '<',
        db.raw(`now() - make_interval(secs => ?)`, [transferConfig.abandonedUploadAfterMs / 1000])
      )
      .orderBy('updated_at', 'asc')
  }

  protected async removeUploads(
    uploads: Promise<PublicUpload[]>,
    reason: 'expired' | 'abandoned',
    progress: CleanupProgress
  ) {
    let removed = 0
    let failed = 0
    for (const upload of await uploads) {
      try {
        await this.removal.remove(upload)
        removed++
        progress(`Removed the ${reason} upload ${upload.fileName} (${upload.id})`)
      } catch (error) {
        failed++
        logger.error({ err: error, uploadId: upload.id }, `removing an ${reason} upload failed`)
        progress(
          `Could not remove the ${reason} upload ${upload.fileName} (${upload.id}): ${(error as Error).message}`
        )
      }
    }
    return { removed, failed }
  }
}
