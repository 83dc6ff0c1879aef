import { TaskboardCommand } from '#commands/schedule/_taskboard_command'

export default class ScheduleTaskboardDisconnect extends TaskboardCommand {
  static commandName = 'schedule:taskboard:disconnect'
  static description = 'Stop sending feedback to the taskboard (forgets the URL and its secret)'

  async run() {
    const taskboard = await this.taskboard()
    await taskboard.disconnect()
    this.logger.success('The taskboard webhook is disconnected')
  }
}
