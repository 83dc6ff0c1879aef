import { args } from '@adonisjs/core/ace'
import { TaskboardCommand } from '#commands/schedule/_taskboard_command'

export default class ScheduleTaskboardConnect extends TaskboardCommand {
  static commandName = 'schedule:taskboard:connect'
  static description =
    'Send new feedback to this webhook URL as cards; prints the new signing secret once'

  @args.string({ description: 'The webhook URL (https in production)' })
  declare url: string

  async run() {
    const taskboard = await this.taskboard()
    await this.guarded(async () => {
      const { signingSecret, ...status } = await taskboard.connect(this.url)
      this.print(status)
      this.logger.success('Signing secret for the receiver (shown only now):')
      this.logger.log(signingSecret)
    })
  }
}
