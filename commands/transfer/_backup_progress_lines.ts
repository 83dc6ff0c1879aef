import { formatBytes } from '#services/transfer/transfer_mailer'
import type { BackupProgress } from '#services/transfer/backup/upload_backup'

/**
 * Progress lines for a backup run by hand: at most one per 10 % of the file
 * or per 10 seconds, so a 50 GB file prints a page, not thousands of lines.
 */
export function backupProgressLines(label: string, print: (line: string) => void) {
  let lastShare = -1
  let lastAt = 0
  return ({ bytesDone, size }: BackupProgress) => {
    const share = size === 0 ? 100 : Math.floor((bytesDone / size) * 100)
    const now = Date.now()
    if (share === 100 || share - lastShare >= 10 || now - lastAt >= 10_000) {
      lastShare = share
      lastAt = now
      print(`${label}: ${formatBytes(bytesDone)} of ${formatBytes(size)} (${share}%)`)
    }
  }
}
