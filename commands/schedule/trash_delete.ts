import { flags } from '@adonisjs/core/ace'
import { TRASH_NOUNS, TrashItemCommand } from '#commands/schedule/_trash_command'

export default class ScheduleTrashDelete extends TrashItemCommand {
  static commandName = 'schedule:trash:delete'
  static description =
    'Remove one item from the trash for good, with its notes, share links and feeds (asks first unless --force)'

  @flags.boolean({ description: 'Do not ask for confirmation (needed off a terminal)' })
  declare force?: boolean

  async run() {
    const found = await this.trashedItem()
    if (!found) {
      return
    }
    const { trash, type, item } = found
    const noun = TRASH_NOUNS[type]
    if (!(await this.confirmDestructive(`Remove the ${noun} ${item.name} for good?`, this.force))) {
      return
    }
    await this.guarded(async () => {
      await trash.purge(null, type, item.id)
      this.logger.success(`The ${noun} ${item.name} (#${item.id}) is removed for good`)
    })
  }
}
