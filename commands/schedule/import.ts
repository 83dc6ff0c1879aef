import { readFile } from 'node:fs/promises'
import { args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'
import type { ImportSummary } from '#services/schedule/backup/database_import'

export default class ScheduleImport extends AppCommand {
  static commandName = 'schedule:import'
  static description =
    'Restore a backup file (as POST /api/admin/import): checked whole first, then applied in one transaction; --dry-run only says what would change'
  static options: CommandOptions = { startApp: true }
  protected appId = 'schedule' as const

  @args.string({ description: 'The backup file (JSON) to restore' })
  declare file: string

  @flags.boolean({ description: 'Check and compare only; change nothing' })
  declare dryRun?: boolean

  @flags.boolean({ description: 'Do not ask before replacing the database' })
  declare force?: boolean

  async run() {
    const { DatabaseImport, ImportRefusedError } =
      await import('#services/schedule/backup/database_import')
    let data: unknown
    try {
      this.logger.info(`Reading ${this.file}`)
      data = JSON.parse(await readFile(this.file, 'utf8'))
    } catch (error) {
      this.logger.error(`${this.file} cannot be read as JSON: ${(error as Error).message}`)
      this.exitCode = 1
      return
    }
    const dryRun = Boolean(this.dryRun)
    if (
      !dryRun &&
      !this.force &&
      !(await this.prompt.confirm(
        'Replace everything in this schedule database with the backup? (Try --dry-run first.)'
      ))
    ) {
      this.logger.error('Nothing imported')
      this.exitCode = 1
      return
    }
    try {
      const summary = await new DatabaseImport().run(data, {
        dryRun,
        onProgress: (line) => this.logger.info(line),
      })
      this.printChanges(summary)
      this.logger.success(
        dryRun
          ? 'Dry run: the backup can be imported; nothing was changed'
          : 'Imported: the database now holds the backup'
      )
    } catch (error) {
      if (!(error instanceof ImportRefusedError)) throw error
      if (Object.keys(error.summary.tables).length > 0) this.printChanges(error.summary)
      for (const problem of error.summary.problems) {
        const where = [problem.table, problem.row, problem.column].filter(Boolean).join(' / ')
        this.logger.error(where ? `${where}: ${problem.message}` : problem.message)
      }
      this.logger.error(`${error.summary.problemCount} problem(s): nothing was imported`)
      this.exitCode = 1
    }
  }

  protected printChanges(summary: ImportSummary) {
    const table = this.ui.table()
    table.head(['Table', 'Added', 'Updated', 'Unchanged', 'Removed'])
    for (const [name, changes] of Object.entries(summary.tables)) {
      table.row([
        name,
        String(changes.added),
        String(changes.updated),
        String(changes.unchanged),
        String(changes.removed),
      ])
    }
    const totals = summary.totals
    table.row([
      'All tables',
      String(totals.added),
      String(totals.updated),
      String(totals.unchanged),
      String(totals.removed),
    ])
    table.render()
  }
}
