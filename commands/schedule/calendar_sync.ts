import { flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'
import type { ProjectSyncOutcome } from '#services/schedule/calendar_sync/calendar_sync'

export default class ScheduleCalendarSync extends AppCommand {
  static commandName = 'schedule:calendar:sync'
  static description =
    'Bring the Google calendar in line with the projects now: every project (as Sync now on the admin page), or one'
  static options: CommandOptions = { startApp: true }
  protected appId = 'schedule' as const

  @flags.number({ description: 'Sync only this project (its id)' })
  declare project?: number

  async run() {
    const { CalendarSync } = await import('#services/schedule/calendar_sync/calendar_sync')
    const sync = await this.app.container.make(CalendarSync)
    if (!sync.configured) {
      this.logger.error(sync.notConfiguredMessage())
      this.exitCode = 1
      return
    }
    if (this.project !== undefined) {
      const outcome = await sync.syncProject(this.project)
      if (!outcome) {
        this.logger.error(`No project ${this.project}, or no calendar is chosen yet`)
        this.exitCode = 1
        return
      }
      this.report(outcome)
      if (outcome.error) this.exitCode = 1
      return
    }
    const result = await sync.syncAll(({ index, total, outcome }) =>
      this.report(outcome, `${index}/${total} `)
    )
    for (const error of result.errors.filter((item) => item.projectId === null)) {
      this.logger.error(error.message)
    }
    this.logger.success(`Synced ${result.synced} project(s); ${result.errors.length} error(s)`)
    if (result.errors.length > 0) this.exitCode = 1
  }

  protected report(outcome: ProjectSyncOutcome, prefix = '') {
    const counts = `${outcome.written} written, ${outcome.removed} removed, ${outcome.unchanged} unchanged`
    const line = `${prefix}${outcome.projectName} (#${outcome.projectId}): ${counts}`
    if (outcome.error) {
      this.logger.error(`${line}; ${outcome.error.message}`)
    } else {
      this.logger.info(line)
    }
  }
}
