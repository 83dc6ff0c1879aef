import { args, flags } from '@adonisjs/core/ace'
import { ScheduleAdminCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleFeedbackUpdate extends ScheduleAdminCommand {
  static commandName = 'schedule:feedback:update'
  static description = "Set a feedback's status and admin notes"

  @args.string({ description: 'Id of the feedback' })
  declare id: string

  @flags.string({ description: 'new, in_progress, done or wont_fix' })
  declare status?: string

  @flags.string({ description: 'Admin notes (an empty string clears them)', allowEmptyValue: true })
  declare notes?: string

  async run() {
    const id = this.recordId(this.id)
    if (id === null) {
      return
    }
    const { updateFeedbackValidator } = await import('#validators/schedule/feedback_validators')
    const { FeedbackInbox } = await import('#services/schedule/feedback/feedback_inbox')
    const inbox = await this.app.container.make(FeedbackInbox)
    await this.guarded(async () => {
      const changes = await updateFeedbackValidator.validate({
        status: this.status,
        adminNotes: this.notes,
      })
      const feedback = await inbox.update(id, changes)
      this.logger.success(
        `Feedback #${feedback.id} is ${feedback.status}${feedback.adminNotes ? `, notes: ${feedback.adminNotes}` : ''}`
      )
    })
  }
}
