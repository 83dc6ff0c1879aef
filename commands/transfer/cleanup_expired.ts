import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

export default class TransferCleanupExpired extends AppCommand {
  static commandName = 'transfer:cleanup-expired'
  static description =
    'Remove expired shares, expired uploads no live share offers, and abandoned partial uploads now (the hourly job, run by hand)'
  static options: CommandOptions = { startApp: true }
  protected appId = 'transfer' as const

  async run() {
    const { ExpiredCleanup } = await import('#services/transfer/expired_cleanup')
    const cleanup = await this.app.container.make(ExpiredCleanup)
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
      this.exitCode = 1
    }
  }
}
