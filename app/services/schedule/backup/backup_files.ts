import { createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { BACKUP_FILE_PATTERN } from '#services/schedule/backup/backup_format'
import { DatabaseBackup, type BackupProgress } from '#services/schedule/backup/database_backup'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Backup files on disk (schedule:backup): written under a temporary name and
 * renamed once complete, so a cut-short backup never passes for one; pruned
 * by the date in their name, touching only names this class writes.
 */
export class BackupFiles {
  async write(
    where: { out?: string; dir?: string },
    onTableDone?: (progress: BackupProgress) => void
  ) {
    const backup = new DatabaseBackup()
    const path = resolve(where.out ?? join(where.dir ?? '.', backup.fileName))
    await mkdir(resolve(path, '..'), { recursive: true })
    const partial = `${path}.partial`
    let bytes = 0
    let rows = 0
    let tables = 0
    const chunks = backup.chunks((progress) => {
      if (progress.rows === progress.tableRows) {
        tables++
        rows += progress.rows
        onTableDone?.(progress)
      }
    })
    const counted = Readable.from(chunks).map((chunk: string) => {
      const buffer = Buffer.from(chunk)
      bytes += buffer.length
      return buffer
    })
    try {
      await pipeline(counted, createWriteStream(partial))
      await rename(partial, path)
    } finally {
      await rm(partial, { force: true })
    }
    return { path, bytes, rows, tables }
  }

  /** Removes backups named by this class in `dir` whose date is more than `keepDays` days ago. */
  async prune(dir: string, keepDays: number, now = new Date()) {
    const cutoff = now.getTime() - keepDays * DAY_MS
    const removed: string[] = []
    for (const name of await readdir(dir)) {
      const match = BACKUP_FILE_PATTERN.exec(name)
      if (!match) continue
      const [, day, time] = match
      const takenAt = Date.parse(
        `${day}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}Z`
      )
      if (takenAt < cutoff) {
        await rm(join(dir, name))
        removed.push(basename(name))
      }
    }
    return removed.sort()
  }
}
