import { args, flags } from '@adonisjs/core/ace'
import { ReferenceListCommand } from '#commands/schedule/_reference_list_command'

export default class ScheduleListsRemove extends ReferenceListCommand {
  static commandName = 'schedule:lists:remove'
  static description =
    'Remove an entry of a reference list; what used it is left without one (asks first unless --force)'

  @args.string({ description: 'The entry: its id or its name' })
  declare entry: string

  @flags.boolean({ description: 'Do not ask for confirmation (needed off a terminal)' })
  declare force?: boolean

  async run() {
    const list = await this.openList()
    const row = list && this.findEntry(list, this.entry)
    if (!list || !row) {
      return
    }
    const question = `Remove the ${list.singular} ${row.name} (what uses it is left without one)?`
    if (!(await this.confirmDestructive(question, this.force))) {
      return
    }
    await this.guarded(async () => {
      await list.lists.delete(list.name, row.id, null)
      this.logger.success(`The ${list.singular} ${row.name} is removed`)
    })
  }
}
