import { args } from '@adonisjs/core/ace'
import { ScheduleDestructiveCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleFeedbackDelete extends ScheduleDestructiveCommand {
  static commandName = 'schedule:feedback:delete'
  static description = 'Delete a feedback and its screenshot for good (asks first unless --force)'

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
      const feedback = await inbox.find(id)
      const question = `Delete the feedback #${id} from ${feedback.reporterEmail} for good?`
      if (!(await this.confirmDestructive(question, this.force))) {
        return
      }
      await inbox.remove(id)
      this.logger.success(`Feedback #${id} deleted`)
    })
  }
}
