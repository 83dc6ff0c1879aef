import { flags } from '@adonisjs/core/ace'
import { ScheduleAdminCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleTrashCleanup extends ScheduleAdminCommand {
  static commandName = 'schedule:trash:cleanup'
  static description =
    'Remove projects, crew, vendors and locations deleted more than 30 days ago now (the daily job, run by hand; asks first unless --force)'

  @flags.boolean({ description: 'Only list what would be removed; change nothing' })
  declare dryRun?: boolean

  @flags.boolean({ description: 'Do not ask for confirmation (needed off a terminal)' })
  declare force?: boolean

  async run() {
    const { Trash, TRASH_TYPES } = await import('#services/schedule/trash/trash')
    const trash = await this.app.container.make(Trash)
    const expired = await trash.expired()
    const rows = TRASH_TYPES.flatMap((type) => expired[type].map((record) => ({ type, record })))
    if (rows.length === 0) {
      this.logger.info('Nothing in the trash is older than 30 days')
      return
    }
    if (this.dryRun) {
      this.printList(rows, [
        { title: 'Type', value: (row) => row.type },
        { title: 'Id', value: (row) => row.record.id },
        { title: 'Name', value: (row) => row.record.name },
        { title: 'Deleted', value: (row) => row.record.deletedAt?.toISO() },
      ])
      this.logger.info(`${rows.length} item(s) would be removed for good; nothing was changed`)
      return
    }
    const question = `Remove ${rows.length} item(s) deleted more than 30 days ago for good?`
    if (!(await this.confirmDestructive(question, this.force))) {
      return
    }
    const { removed } = await trash.cleanup()
    this.logger.success(
      `Removed ${removed.projects} project(s), ${removed.crew} crew member(s), ${removed.vendors} vendor(s) and ${removed.locations} location(s) from the trash`
    )
  }
}
