import { flags } from '@adonisjs/core/ace'
import { ScheduleAdminCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleFeedbackList extends ScheduleAdminCommand {
  static commandName = 'schedule:feedback:list'
  static description = 'Feedback people sent, newest first'

  @flags.string({ description: 'Only this status: new, in_progress, done or wont_fix' })
  declare status?: string

  async run() {
    const { FeedbackInbox } = await import('#services/schedule/feedback/feedback_inbox')
    const inbox = await this.app.container.make(FeedbackInbox)
    const all = await inbox.list()
    const list = this.status ? all.filter((item) => item.status === this.status) : all
    if (list.length === 0) {
      this.logger.info('No feedback')
      return
    }
    const table = this.ui.table()
    table.head(['Id', 'Sent', 'From', 'Category', 'Status', 'Screenshot', 'Description'])
    for (const item of list) {
      const firstLine = item.description.split('\n')[0]
      table.row([
        String(item.id),
        item.createdAt.toISODate()!,
        item.reporterEmail,
        item.category,
        item.status,
        item.screenshotKey ? 'yes' : 'no',
        firstLine.length > 60 ? `${firstLine.slice(0, 59)}…` : firstLine,
      ])
    }
    table.render()
    this.logger.log(`${list.length} feedback`)
  }
}
