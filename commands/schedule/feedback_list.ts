import { flags } from '@adonisjs/core/ace'
import { ScheduleListCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleFeedbackList extends ScheduleListCommand {
  static commandName = 'schedule:feedback:list'
  static description = 'Feedback people sent, newest first'

  @flags.string({ description: 'Only this status: new, in_progress, done or wont_fix' })
  declare status?: string

  async run() {
    const { FeedbackInbox } = await import('#services/schedule/feedback/feedback_inbox')
    const inbox = await this.app.container.make(FeedbackInbox)
    const all = await inbox.list()
    const list = this.status ? all.filter((item) => item.status === this.status) : all
    if (this.json) {
      // GET /api/feedback's items.
      const { serializer } = await import('#services/shared/serialize')
      const { default: FeedbackTransformer } =
        await import('#transformers/schedule/feedback_transformer')
      const jsonValue = await serializer.serialize(FeedbackTransformer.transform(list))
      return this.printList(list, [], { json: true, jsonValue })
    }
    this.printList(
      list,
      [
        { title: 'Id', value: (item) => item.id },
        { title: 'Sent', value: (item) => item.createdAt.toISODate() },
        { title: 'From', value: (item) => item.reporterEmail },
        { title: 'Category', value: (item) => item.category },
        { title: 'Status', value: (item) => item.status },
        { title: 'Screenshot', value: (item) => Boolean(item.screenshotKey) },
        { title: 'Description', value: (item) => firstLine(item.description) },
      ],
      { empty: 'No feedback' }
    )
    if (list.length > 0) {
      this.logger.log(`${list.length} feedback`)
    }
  }
}

function firstLine(description: string) {
  const line = description.split('\n')[0]
  return line.length > 60 ? `${line.slice(0, 59)}…` : line
}
