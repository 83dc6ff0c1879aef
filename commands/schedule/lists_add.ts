import { args, flags } from '@adonisjs/core/ace'
import { ReferenceListCommand } from '#commands/schedule/_reference_list_command'

export default class ScheduleListsAdd extends ReferenceListCommand {
  static commandName = 'schedule:lists:add'
  static description = 'Add an entry to a reference list (at its end), as the Lists page does'

  @args.string({ description: 'The name of the new entry' })
  declare name: string

  @flags.string({ description: 'Its colour, #rrggbb' })
  declare color?: string

  @flags.string({ description: 'Its icon (statuses, project statuses, activity types)' })
  declare icon?: string

  @flags.boolean({ description: 'Make it the default (statuses, project statuses)' })
  declare default?: boolean

  @flags.boolean({ description: 'Choosing it books the person (statuses)' })
  declare booksPerson?: boolean

  async run() {
    const list = await this.openList()
    if (!list) {
      return
    }
    await this.guarded(async () => {
      const fields = await this.validFields(list.name, 'create', list.singular, {
        name: this.name,
        color: this.color,
        icon: this.icon,
        isDefault: this.default,
        booksPerson: this.booksPerson,
      })
      if (!fields) {
        return
      }
      const row = await list.lists.create(list.name, fields, null)
      this.logger.success(`Added the ${list.singular} ${row.name} (#${row.id})`)
    })
  }
}
