import { TaskboardCommand } from '#commands/schedule/_taskboard_command'

export default class ScheduleTaskboardTest extends TaskboardCommand {
  static commandName = 'schedule:taskboard:test'
  static description = "Send a test card to the taskboard webhook and print the receiver's answer"

  async run() {
    const taskboard = await this.taskboard()
    if (!(await taskboard.isConnected())) {
      return this.fail('No taskboard webhook is set up: schedule:taskboard:connect <url>')
    }
    const result = await taskboard.sendTest()
    if (result.success) {
      this.logger.success(`Test card taken: the receiver answered ${result.status}`)
    } else {
      this.fail(`The test card was not taken: ${result.error}`)
    }
  }
}
