import { args } from '@adonisjs/core/ace'
import { ScheduleAdminCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleMessagesGroups extends ScheduleAdminCommand {
  static commandName = 'schedule:messages:groups'
  static description =
    'Saved recipient groups of availability messaging, or one group with its members'

  @args.string({ description: 'A group id: list its members', required: false })
  declare id?: string

  async run() {
    const { MessageGroupsBook } = await import('#services/schedule/messaging/message_groups_book')
    const book = new MessageGroupsBook()
    if (this.id !== undefined) {
      const id = this.recordId(this.id)
      if (id === null) {
        return
      }
      await this.guarded(async () => {
        const group = await book.find(id)
        this.logger.log(`Group ${group.id} "${group.name}": ${group.members.length} members`)
        for (const member of group.members) {
          this.logger.log(`  ${member.resourceType} ${member.resourceId} ${member.name}`)
        }
      })
      return
    }
    const groups = await book.list()
    if (!groups.length) {
      this.logger.info('No saved groups')
      return
    }
    const table = this.ui.table()
    table.head(['Id', 'Name', 'Crew', 'Vendors'])
    for (const group of groups) {
      const count = (type: string) =>
        String(group.members.filter((member) => member.resourceType === type).length)
      table.row([String(group.id), group.name, count('crew'), count('vendor')])
    }
    table.render()
  }
}
