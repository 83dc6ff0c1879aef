import { args } from '@adonisjs/core/ace'
import { ScheduleListCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleMessagesGroups extends ScheduleListCommand {
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
        if (this.json) {
          return this.printRecord([], { json: true, jsonValue: group })
        }
        this.logger.log(`Group ${group.id} "${group.name}": ${group.members.length} members`)
        for (const member of group.members) {
          this.logger.log(`  ${member.resourceType} ${member.resourceId} ${member.name}`)
        }
      })
      return
    }
    // GET /api/message-groups answers the book's groups as they are.
    const groups = await book.list()
    const count = (group: (typeof groups)[number], type: string) =>
      group.members.filter((member) => member.resourceType === type).length
    this.printList(
      groups,
      [
        { title: 'Id', value: (group) => group.id },
        { title: 'Name', value: (group) => group.name },
        { title: 'Crew', value: (group) => count(group, 'crew') },
        { title: 'Vendors', value: (group) => count(group, 'vendor') },
      ],
      { json: this.json, empty: 'No saved groups' }
    )
  }
}
