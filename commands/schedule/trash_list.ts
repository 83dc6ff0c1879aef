import { args } from '@adonisjs/core/ace'
import { ScheduleListCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleTrashList extends ScheduleListCommand {
  static commandName = 'schedule:trash:list'
  static description =
    'What is in the trash, newest deletion first, and when the cleanup removes it (one type, or all)'

  @args.string({
    description: 'projects, crew, vendors or locations (all when left out)',
    required: false,
  })
  declare type?: string

  async run() {
    const { Trash, TRASH_TYPES, isTrashType } = await import('#services/schedule/trash/trash')
    const { serializer } = await import('#services/shared/serialize')
    const { default: TrashItemTransformer } =
      await import('#transformers/schedule/trash_item_transformer')
    if (this.type !== undefined && !isTrashType(this.type)) {
      return this.fail(`No trash type ${this.type}; the types are ${TRASH_TYPES.join(', ')}`)
    }
    const trash = await this.app.container.make(Trash)
    const types = this.type === undefined ? TRASH_TYPES : [this.type]
    // Each type as GET /api/trash/:type answers it.
    const byType = Object.fromEntries(
      await Promise.all(
        types.map(async (type) => [
          type,
          await serializer.serialize(TrashItemTransformer.transform(await trash.list(type))),
        ])
      )
    ) as Record<string, { id: number; name: string; deletedAt: string; purgeAt: string }[]>
    const rows = types.flatMap((type) => byType[type].map((item) => ({ type, ...item })))
    this.printList(
      rows,
      [
        { title: 'Type', value: (row) => row.type },
        { title: 'Id', value: (row) => row.id },
        { title: 'Name', value: (row) => row.name },
        { title: 'Deleted', value: (row) => row.deletedAt },
        { title: 'Removed for good', value: (row) => row.purgeAt },
      ],
      {
        json: this.json,
        jsonValue: this.type === undefined ? byType : byType[this.type],
        empty: 'The trash is empty',
      }
    )
  }
}
