import { flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'
import { EXIT } from '#services/shared/terminal/exit_codes'

export default class TransferCleanupExpired extends AppCommand {
  static commandName = 'transfer:cleanup-expired'
  static description =
    'Remove expired shares, expired uploads no live share offers, and abandoned partial uploads now (the hourly job, run by hand)'
  static options: CommandOptions = { startApp: true }
  protected appId = 'transfer' as const

  @flags.boolean({ flagName: 'dry-run', description: 'List what would be removed; remove nothing' })
  declare dryRun?: boolean

  @flags.boolean({ description: 'Do not ask for confirmation (needed off a terminal)' })
  declare force?: boolean

  async run() {
    const { ExpiredCleanup } = await import('#services/transfer/expired_cleanup')
    const { formatBytes } = await import('#services/transfer/transfer_mailer')
    const cleanup = await this.app.container.make(ExpiredCleanup)
    const due = await cleanup.preview()
    const rows = [
      ...due.expiredShares.map((share) => ({
        what: 'expired share',
        name: share.token,
        id: String(share.id),
        size: null,
        since: share.expiresAt?.toISO() ?? null,
      })),
      ...[...due.expiredUploads, ...due.abandonedUploads].map((upload) => ({
        what: upload.status === 'complete' ? 'expired upload' : 'abandoned upload',
        name: upload.fileName,
        id: upload.id,
        size: formatBytes(Number(upload.size)),
        since:
          (upload.status === 'complete' ? upload.expiresAt : upload.updatedAt)?.toISO() ?? null,
      })),
    ]
    if (rows.length === 0) {
      this.logger.info('Nothing has run out: nothing to remove')
      return
    }
    const question = `Remove ${due.expiredShares.length} expired share(s), ${due.expiredUploads.length} expired upload(s) and ${due.abandonedUploads.length} abandoned upload(s) for good?`
    if (this.dryRun) {
      this.printList(rows, [
        { title: 'What', value: (row) => row.what },
        { title: 'Name', value: (row) => row.name },
        { title: 'Id', value: (row) => row.id },
        { title: 'Size', value: (row) => row.size },
        { title: 'Expired or left (UTC)', value: (row) => row.since },
      ])
      this.logger.info(`--dry-run: nothing removed. ${question.replace(' for good?', '')} would go`)
      return
    }
    if (!(await this.confirmDestructive(question, this.force))) {
      return
    }
    const counts = await cleanup.run((line) => this.logger.info(line))
    if (!counts.ran) {
      return
    }
    this.logger.success(
      `Removed ${counts.expiredShares} expired share(s), ${counts.expiredUploads} expired upload(s) and ${counts.abandonedUploads} abandoned upload(s)`
    )
    if (counts.failed > 0) {
      this.logger.error(
        `${counts.failed} upload(s) could not be removed; the next run retries them`
      )
      this.exitCode = EXIT.refused
    }
  }
}
