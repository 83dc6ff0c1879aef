import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

export default class TransferBackupStatus extends AppCommand {
  static commandName = 'transfer:backup:status'
  static description =
    'Show the backup’s connection, folder and how far the backlog of finished uploads has come'
  static options: CommandOptions = { startApp: true }
  protected appId = 'transfer' as const

  async run() {
    const { formatBytes } = await import('#services/transfer/transfer_mailer')
    const { BackupSettings } = await import('#services/transfer/backup/backup_settings')
    const { BackupQueue } = await import('#services/transfer/backup/backup_queue')
    const settings = await this.app.container.make(BackupSettings)
    const queue = await this.app.container.make(BackupQueue)
    const configuration = await settings.configuration()
    const progress = await queue.progress()
    const table = this.ui.table()
    table.head(['', ''])
    table.row(['Provider', settings.provider.label])
    table.row(['App key', configuration.appKey ?? 'not set'])
    table.row([
      'Account',
      configuration.account
        ? `${configuration.account.name} <${configuration.account.email}>`
        : 'not connected',
    ])
    table.row(['Folder', configuration.folder ?? 'not chosen'])
    table.row([
      'Backed up',
      `${progress.done} of ${progress.total} upload(s), ${formatBytes(progress.bytesDone)} of ${formatBytes(progress.bytesTotal)}`,
    ])
    table.row(['Waiting', `${progress.pending} pending, ${progress.uploading} under way`])
    table.row(['Failed', String(progress.failed)])
    table.row(['Last backup', progress.lastBackupAt ?? 'never'])
    table.render()
    if (progress.current) {
      const { fileName, bytesDone, size } = progress.current
      this.logger.info(`Now: ${fileName}, ${formatBytes(bytesDone)} of ${formatBytes(size)}`)
    }
    if (configuration.problem) {
      this.logger.error(configuration.problem)
    }
    if (progress.lastError) {
      this.logger.warning(
        `Last error (${progress.lastError.fileName}): ${progress.lastError.message}`
      )
    }
  }
}
