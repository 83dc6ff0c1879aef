import { args } from '@adonisjs/core/ace'
import { ScheduleAdminCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleFeedbackDelete extends ScheduleAdminCommand {
  static commandName = 'schedule:feedback:delete'
  static description = 'Delete a feedback and its screenshot for good'

  @args.string({ description: 'Id of the feedback' })
  declare id: string

  async run() {
    const id = this.recordId(this.id)
    if (id === null) {
      return
    }
    const { FeedbackInbox } = await import('#services/schedule/feedback/feedback_inbox')
    const inbox = await this.app.container.make(FeedbackInbox)
    await this.guarded(async () => {
      await inbox.remove(id)
      this.logger.success(`Feedback #${id} deleted`)
    })
  }
}
