import { TRASH_NOUNS, TrashItemCommand } from '#commands/schedule/_trash_command'

export default class ScheduleTrashRestore extends TrashItemCommand {
  static commandName = 'schedule:trash:restore'
  static description = 'Bring a project, crew member, vendor or location back from the trash'

  async run() {
    const found = await this.trashedItem()
    if (!found) {
      return
    }
    const { trash, type, item } = found
    await this.guarded(async () => {
      await trash.restore(null, type, item.id)
      this.logger.success(`The ${TRASH_NOUNS[type]} ${item.name} (#${item.id}) is back`)
    })
  }
}
