import { args } from '@adonisjs/core/ace'
import { ReferenceListCommand } from '#commands/schedule/_reference_list_command'

export default class ScheduleListsRename extends ReferenceListCommand {
  static commandName = 'schedule:lists:rename'
  static description = 'Rename an entry of a reference list (what uses it follows)'

  @args.string({ description: 'The entry: its id or its name' })
  declare entry: string

  @args.string({ description: 'Its new name' })
  declare newName: string

  async run() {
    const list = await this.openList()
    const row = list && this.findEntry(list, this.entry)
    if (!list || !row) {
      return
    }
    await this.guarded(async () => {
      const fields = await this.validFields(list.name, 'update', list.singular, {
        name: this.newName,
      })
      if (!fields) {
        return
      }
      const previous = row.name
      const renamed = await list.lists.update(list.name, row.id, fields, null)
      this.logger.success(`The ${list.singular} ${previous} is now ${renamed.name}`)
    })
  }
}
