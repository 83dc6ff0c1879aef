import { TaskboardCommand } from '#commands/schedule/_taskboard_command'

export default class ScheduleTaskboardStatus extends TaskboardCommand {
  static commandName = 'schedule:taskboard:status'
  static description = 'Where new feedback is sent as cards, and how the last delivery went'

  async run() {
    const taskboard = await this.taskboard()
    this.print(await taskboard.status())
  }
}
