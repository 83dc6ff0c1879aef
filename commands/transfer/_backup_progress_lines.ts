import { formatBytes } from '#services/transfer/transfer_mailer'
import type { BackupProgress } from '#services/transfer/backup/upload_backup'
import type { TerminalProgress } from '#services/shared/terminal/progress'

type StartProgress = (
  label: string,
  total: number,
  unit: (count: number) => string
) => TerminalProgress

/**
 * A backup run by hand reports its bytes as a progress bar on a terminal, or
 * as lines (at most one per 10 % or 5 seconds, so a 50 GB file prints a page)
 * otherwise. The bar starts once the provider has said how large the file is.
 */
export function backupProgress(label: string, start: StartProgress) {
  let progress: TerminalProgress | null = null
  return ({ bytesDone, size }: BackupProgress) => {
    progress ??= start(label, size, formatBytes)
    progress.update(bytesDone)
    if (bytesDone >= size) {
      progress.finish()
    }
  }
}
