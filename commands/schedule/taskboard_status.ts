import { flags } from '@adonisjs/core/ace'
import { TaskboardCommand } from '#commands/schedule/_taskboard_command'

export default class ScheduleTaskboardStatus extends TaskboardCommand {
  static commandName = 'schedule:taskboard:status'
  static description = 'Where new feedback is sent as cards, and how the last delivery went'

  @flags.boolean({ description: "Print JSON (GET /api/admin/taskboard/status's answer)" })
  declare json?: boolean

  async run() {
    const taskboard = await this.taskboard()
    const status = await taskboard.status()
    if (this.json) {
      const { serializer } = await import('#services/shared/serialize')
      const { default: TaskboardStatusTransformer } =
        await import('#transformers/schedule/taskboard_status_transformer')
      const jsonValue = await serializer.serialize(TaskboardStatusTransformer.transform(status))
      return this.printRecord([], { json: true, jsonValue })
    }
    this.print(status)
  }
}
