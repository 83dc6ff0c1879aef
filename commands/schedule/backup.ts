import { flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

export default class ScheduleBackup extends AppCommand {
  static commandName = 'schedule:backup'
  static description =
    'Write the whole scheduling database to a JSON backup file (the document GET /api/admin/backup sends); with --dir and --keep-days, remove this command’s older backups there'
  static options: CommandOptions = { startApp: true }
  protected appId = 'schedule' as const

  @flags.string({ description: 'The file to write (default: a dated name in --dir, or here)' })
  declare out?: string

  @flags.string({ description: 'The folder for a dated backup file, e.g. /var/backups/schedule' })
  declare dir?: string

  @flags.number({
    description: 'With --dir: remove backups this command wrote there more than this many days ago',
  })
  declare keepDays?: number

  async run() {
    if (this.out && this.dir) {
      return this.wrongUsage('Give --out or --dir, not both')
    }
    if (this.keepDays !== undefined && (!this.dir || !(this.keepDays >= 1))) {
      return this.fail('--keep-days needs --dir and a number of days from 1')
    }
    const { BackupFiles } = await import('#services/schedule/backup/backup_files')
    const files = new BackupFiles()
    const started = Date.now()
    const written = await files.write({ out: this.out, dir: this.dir }, ({ table, rows }) =>
      this.logger.info(`${table}: ${rows} row(s)`)
    )
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    this.logger.success(
      `Wrote ${written.path} (${written.rows} rows in ${written.tables} tables, ${formatBytes(written.bytes)}) in ${seconds} s`
    )
    if (this.dir && this.keepDays !== undefined) {
      const removed = await files.prune(this.dir, this.keepDays)
      for (const name of removed) this.logger.info(`Removed ${name}`)
      this.logger.success(
        `Kept backups of the last ${this.keepDays} day(s) in ${this.dir}; removed ${removed.length}`
      )
    }
  }
}

function formatBytes(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${(bytes / 1024).toFixed(1)} kB`
}
