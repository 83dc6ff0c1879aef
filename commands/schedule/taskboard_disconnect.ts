import { flags } from '@adonisjs/core/ace'
import { TaskboardCommand } from '#commands/schedule/_taskboard_command'

export default class ScheduleTaskboardDisconnect extends TaskboardCommand {
  static commandName = 'schedule:taskboard:disconnect'
  static description =
    'Stop sending feedback to the taskboard (forgets the URL and its secret; asks first unless --force)'

  @flags.boolean({ description: 'Do not ask for confirmation (needed off a terminal)' })
  declare force?: boolean

  async run() {
    const taskboard = await this.taskboard()
    if (!(await taskboard.isConnected())) {
      this.logger.info('No taskboard webhook is set up')
      return
    }
    const question = 'Disconnect the taskboard (its URL and signing secret are forgotten)?'
    if (!(await this.confirmDestructive(question, this.force))) {
      return
    }
    await taskboard.disconnect()
    this.logger.success('The taskboard webhook is disconnected')
  }
}
