import { args } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'
import { backupProgress } from '#commands/transfer/_backup_progress_lines'

export default class TransferBackupRun extends AppCommand {
  static commandName = 'transfer:backup:run'
  static description =
    'Back one finished upload up to the file-sync provider now, from where its backup stands'
  static options: CommandOptions = { startApp: true }
  protected appId = 'transfer' as const

  @args.string({ description: 'The upload id (from the staff uploads list)' })
  declare uploadId: string

  async run() {
    const { default: PublicUpload } = await import('#models/transfer/public_upload')
    const { UploadBackup } = await import('#services/transfer/backup/upload_backup')
    const { BackupNotConfigured } = await import('#services/transfer/backup/backup_settings')
    const upload = /^[0-9a-f-]{36}$/i.test(this.uploadId)
      ? await PublicUpload.find(this.uploadId)
      : null
    if (!upload) {
      this.logger.error(`No upload with id ${this.uploadId}`)
      this.exitCode = 1
      return
    }
    const backup = await this.app.container.make(UploadBackup)
    try {
      const outcome = await backup.run(upload.id, {
        isLastAttempt: true,
        onProgress: backupProgress(upload.fileName, (...bar) => this.progress(...bar)),
      })
      await upload.refresh()
      if (outcome === 'done') {
        this.logger.success(`${upload.fileName} is backed up at ${upload.backupPath}`)
      } else if (outcome === 'busy') {
        this.logger.warning(`${upload.fileName} is being backed up by another process right now`)
      } else if (outcome === 'skipped') {
        this.logger.info(
          upload.backupStatus === 'done'
            ? `${upload.fileName} is already backed up at ${upload.backupPath}`
            : `${upload.fileName} has not finished uploading`
        )
      } else {
        this.logger.error(`${upload.fileName}: ${upload.backupError}`)
        this.exitCode = 1
      }
    } catch (error) {
      this.logger.error(error instanceof BackupNotConfigured ? error.message : String(error))
      this.exitCode = 1
    }
  }
}
