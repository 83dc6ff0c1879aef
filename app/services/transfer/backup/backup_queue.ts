import db from '@adonisjs/lucid/services/db'
import PublicUpload from '#models/transfer/public_upload'
import type { JobSender } from '#services/shared/jobs/job_definition'
import type { BackupSettings } from '#services/transfer/backup/backup_settings'

export const BACKUP_UPLOAD_JOB = 'transfer.backup-upload'

/** How far the backup of finished uploads has come, for staff and `transfer:backup:status`. */
export type BackupProgressSummary = {
  configured: boolean
  total: number
  done: number
  pending: number
  uploading: number
  failed: number
  /** Bytes of all finished uploads, and how many of them the provider holds. */
  bytesTotal: number
  bytesDone: number
  /** The upload being sent now, if any. */
  current: { id: string; fileName: string; size: number; bytesDone: number } | null
  lastBackupAt: string | null
  lastError: { uploadId: string; fileName: string; message: string } | null
}

/**
 * Which uploads wait for a backup, and their jobs. The truth is the upload's
 * `backup_status`; jobs are how it gets worked. A restart, a reconnection or
 * `transfer:backup:resume` sends jobs again for every upload still waiting:
 * a job for an upload already backed up does nothing.
 */
export class BackupQueue {
  constructor(
    readonly jobs: JobSender,
    readonly settings: BackupSettings
  ) {}

  /** A finished upload joins the backlog, when the backup is set up. */
  async enqueue(upload: PublicUpload) {
    if (!(await this.settings.isReady())) {
      return false
    }
    await PublicUpload.query()
      .where('id', upload.id)
      .whereIn('backup_status', ['not_configured', 'failed'])
      .update({ backup_status: 'pending', backup_error: null, updated_at: new Date() })
    await this.jobs.send(BACKUP_UPLOAD_JOB, { uploadId: upload.id })
    return true
  }

  /**
   * Every finished upload not backed up yet gets a job: those interrupted,
   * those waiting, and with `retryFailed`, those that failed (after a
   * reconnection) and those from before the backup was set up.
   */
  async requeue({ retryFailed = false }: { retryFailed?: boolean } = {}) {
    if (!(await this.settings.isReady())) {
      return 0
    }
    if (retryFailed) {
      await PublicUpload.query()
        .where('status', 'complete')
        .whereIn('backup_status', ['not_configured', 'failed'])
        .update({ backup_status: 'pending', backup_error: null, updated_at: new Date() })
    }
    const waiting = await PublicUpload.query()
      .where('status', 'complete')
      .whereIn('backup_status', ['pending', 'uploading'])
      .orderBy('completed_at', 'asc')
      .select('id')
    for (const upload of waiting) {
      await this.jobs.send(BACKUP_UPLOAD_JOB, { uploadId: upload.id })
    }
    return waiting.length
  }

  async progress(): Promise<BackupProgressSummary> {
    const [counts] = await db
      .from('public_uploads')
      .where('status', 'complete')
      .select(
        db.raw('count(*)::int as total'),
        db.raw(`count(*) filter (where backup_status = 'done')::int as done`),
        db.raw(`count(*) filter (where backup_status = 'pending')::int as pending`),
        db.raw(`count(*) filter (where backup_status = 'uploading')::int as uploading`),
        db.raw(`count(*) filter (where backup_status = 'failed')::int as failed`),
        db.raw('coalesce(sum(size), 0)::bigint as bytes_total'),
        db.raw(
          `coalesce(sum(case when backup_status = 'done' then size else backup_bytes_done end), 0)::bigint as bytes_done`
        ),
        db.raw('max(backup_synced_at) as last_backup_at')
      )
    const current = await PublicUpload.query()
      .where('backup_status', 'uploading')
      .orderBy('updated_at', 'desc')
      .first()
    const lastFailure = await PublicUpload.query()
      .where('status', 'complete')
      .whereNotNull('backup_error')
      .orderBy('updated_at', 'desc')
      .first()
    return {
      configured: await this.settings.isReady(),
      total: counts.total,
      done: counts.done,
      pending: counts.pending,
      uploading: counts.uploading,
      failed: counts.failed,
      bytesTotal: Number(counts.bytes_total),
      bytesDone: Number(counts.bytes_done),
      current: current && {
        id: current.id,
        fileName: current.fileName,
        size: current.size,
        bytesDone: current.backupBytesDone,
      },
      lastBackupAt: counts.last_backup_at ? new Date(counts.last_backup_at).toISOString() : null,
      lastError: lastFailure && {
        uploadId: lastFailure.id,
        fileName: lastFailure.fileName,
        message: lastFailure.backupError!,
      },
    }
  }
}
