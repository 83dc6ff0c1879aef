import { args } from '@adonisjs/core/ace'
import { ReferenceListCommand } from '#commands/schedule/_reference_list_command'

export default class ScheduleListsReorder extends ReferenceListCommand {
  static commandName = 'schedule:lists:reorder'
  static description =
    'Put entries of a reference list first, in the order given (by id or name); the others follow in their order'

  @args.spread({ description: 'The entries, first to last: ids or names' })
  declare entries: string[]

  async run() {
    const list = await this.openList()
    if (!list) {
      return
    }
    const named: number[] = []
    for (const reference of this.entries) {
      const row = this.findEntry(list, reference)
      if (!row) {
        return
      }
      named.push(row.id)
    }
    const rest = list.rows.map((row) => row.id).filter((id) => !named.includes(id))
    const { referenceListOrderValidator } =
      await import('#validators/schedule/reference_list_validators')
    await this.guarded(async () => {
      // PUT /api/<list>/order's body: every entry once, in the new order.
      const { ids } = await referenceListOrderValidator.validate({ ids: [...named, ...rest] })
      const rows = await list.lists.reorder(list.name, ids, null)
      this.logger.success(`New order: ${rows.map((row) => row.name).join(', ')}`)
    })
  }
}
