import { args, flags } from '@adonisjs/core/ace'
import { ReferenceListCommand } from '#commands/schedule/_reference_list_command'

export default class ScheduleListsUpdate extends ReferenceListCommand {
  static commandName = 'schedule:lists:update'
  static description =
    'Change an entry of a reference list: its name, colour, icon, whether it is the default or books the person'

  @args.string({ description: 'The entry: its id or its name' })
  declare entry: string

  @flags.string({ description: 'A new name' })
  declare name?: string

  @flags.string({ description: 'A new colour, #rrggbb' })
  declare color?: string

  @flags.string({ description: 'A new icon (statuses, project statuses, activity types)' })
  declare icon?: string

  @flags.boolean({ description: 'Make it the default (statuses, project statuses)' })
  declare default?: boolean

  @flags.boolean({
    description: 'Whether choosing it books the person (statuses; --no-books-person clears it)',
  })
  declare booksPerson?: boolean

  async run() {
    const list = await this.openList()
    const row = list && this.findEntry(list, this.entry)
    if (!list || !row) {
      return
    }
    const given = {
      name: this.name,
      color: this.color,
      icon: this.icon,
      isDefault: this.default,
      booksPerson: this.booksPerson,
    }
    if (Object.values(given).every((value) => value === undefined)) {
      return this.wrongUsage(
        'Say what changes: --name, --color, --icon, --default or --books-person'
      )
    }
    await this.guarded(async () => {
      const fields = await this.validFields(list.name, 'update', list.singular, given)
      if (!fields) {
        return
      }
      const saved = await list.lists.update(list.name, row.id, fields, null)
      this.logger.success(`The ${list.singular} ${saved.name} (#${saved.id}) is saved`)
    })
  }
}
