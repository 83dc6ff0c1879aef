import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

export default class ScheduleTrashCleanup extends AppCommand {
  static commandName = 'schedule:trash:cleanup'
  static description =
    'Remove projects, crew, vendors and locations deleted more than 30 days ago now (the daily job, run by hand)'
  static options: CommandOptions = { startApp: true }
  protected appId = 'schedule' as const

  async run() {
    const { Trash } = await import('#services/schedule/trash/trash')
    const trash = await this.app.container.make(Trash)
    const { removed } = await trash.cleanup()
    this.logger.success(
      `Removed ${removed.projects} project(s), ${removed.crew} crew member(s), ${removed.vendors} vendor(s) and ${removed.locations} location(s) from the trash`
    )
  }
}
