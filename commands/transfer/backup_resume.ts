import { flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'
import { backupProgress } from '#commands/transfer/_backup_progress_lines'

export default class TransferBackupResume extends AppCommand {
  static commandName = 'transfer:backup:resume'
  static description =
    'Back up every finished upload still waiting (interrupted ones continue from the provider’s committed offset)'
  static options: CommandOptions = { startApp: true }
  protected appId = 'transfer' as const

  @flags.boolean({ description: 'Also retry the uploads whose backup failed' })
  declare failed: boolean

  async run() {
    const { default: PublicUpload } = await import('#models/transfer/public_upload')
    const { UploadBackup } = await import('#services/transfer/backup/upload_backup')
    const { BackupSettings } = await import('#services/transfer/backup/backup_settings')
    const settings = await this.app.container.make(BackupSettings)
    if (!(await settings.isReady())) {
      this.logger.error(
        'Backup is not set up: enter the provider app, connect it and choose a folder in Settings'
      )
      this.exitCode = 1
      return
    }
    const statuses = this.failed
      ? ['pending', 'uploading', 'failed', 'not_configured']
      : ['pending', 'uploading']
    const waiting = await PublicUpload.query()
      .where('status', 'complete')
      .whereIn('backup_status', statuses)
      .orderBy('completed_at', 'asc')
    if (waiting.length === 0) {
      this.logger.info('Nothing waits for a backup')
      return
    }
    const backup = await this.app.container.make(UploadBackup)
    const counts = { done: 0, busy: 0, failed: 0 }
    for (const [index, upload] of waiting.entries()) {
      const label = `${upload.fileName} (${index + 1} of ${waiting.length})`
      if (upload.backupBytesDone > 0) {
        this.logger.info(`${label}: continuing an interrupted backup`)
      }
      try {
        const outcome = await backup.run(upload.id, {
          isLastAttempt: true,
          onProgress: backupProgress(label, (...bar) => this.progress(...bar)),
        })
        if (outcome === 'done') counts.done++
        if (outcome === 'busy') {
          counts.busy++
          this.logger.info(`${label}: being backed up by another process`)
        }
        if (outcome === 'failed') {
          counts.failed++
          await upload.refresh()
          this.logger.error(`${label}: ${upload.backupError}`)
        }
      } catch (error) {
        counts.failed++
        this.logger.error(`${label}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    this.logger.success(
      `Backed up ${counts.done} upload(s); ${counts.busy} in another process, ${counts.failed} failed`
    )
    if (counts.failed > 0) this.exitCode = 1
  }
}
