import { args } from '@adonisjs/core/ace'
import { ScheduleAdminCommand } from '#commands/schedule/_schedule_admin_command'
import type { TrashType } from '#services/schedule/trash/trash'

/** What one trashed item is called in a sentence, by its type. */
export const TRASH_NOUNS: Record<TrashType, string> = {
  projects: 'project',
  crew: 'crew member',
  vendors: 'vendor',
  locations: 'location',
}

/** The trash commands on one item: its type and id, as /api/trash/:type/:id names it. */
export abstract class TrashItemCommand extends ScheduleAdminCommand {
  @args.string({ description: 'projects, crew, vendors or locations' })
  declare type: string

  @args.string({ description: 'Id of the item' })
  declare id: string

  /**
   * The trashed item the arguments name, with the Trash service, or null
   * after saying why there is none.
   */
  protected async trashedItem() {
    const { Trash, isTrashType, TRASH_TYPES } = await import('#services/schedule/trash/trash')
    if (!isTrashType(this.type)) {
      this.fail(`No trash type ${this.type}; the types are ${TRASH_TYPES.join(', ')}`)
      return null
    }
    const id = this.recordId(this.id)
    if (id === null) {
      return null
    }
    const trash = await this.app.container.make(Trash)
    const trashed = await trash.list(this.type)
    const item = trashed.find((record) => record.id === id)
    if (!item) {
      this.fail(`No ${TRASH_NOUNS[this.type]} #${id} in the trash`)
      return null
    }
    return { trash, type: this.type, item }
  }
}
