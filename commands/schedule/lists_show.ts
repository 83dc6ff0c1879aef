import { flags } from '@adonisjs/core/ace'
import { ReferenceListCommand } from '#commands/schedule/_reference_list_command'

export default class ScheduleListsShow extends ReferenceListCommand {
  static commandName = 'schedule:lists:show'
  static description =
    'A reference list in its order: statuses, project statuses, crew roles, vendor and location types, regions or activity types'

  @flags.boolean({ description: "Print JSON (GET /api/<list>'s answer) instead of a table" })
  declare json?: boolean

  async run() {
    const list = await this.openList()
    if (!list) {
      return
    }
    const items = (await this.itemsJson(list.rows)) as Record<string, unknown>[]
    // The columns this list has: a region has no icon, a crew role no default.
    const has = (key: string) => items.some((item) => key in item)
    const columns = [
      { title: 'Id', key: 'id' },
      { title: 'Name', key: 'name' },
      { title: 'Colour', key: 'color' },
      { title: 'Icon', key: 'icon' },
      { title: 'Default', key: 'isDefault' },
      { title: 'Books the person', key: 'booksPerson' },
    ].filter(({ key }) => has(key))
    this.printList(
      items,
      columns.map(({ title, key }) => ({
        title,
        value: (item: Record<string, unknown>) => item[key] as string | number | boolean | null,
      })),
      { json: this.json, empty: `No ${list.name.replace('-', ' ')} yet` }
    )
  }
}
