import type { TaskboardStatus } from '#services/schedule/feedback/taskboard_webhook'
import { ScheduleAdminCommand } from '#commands/schedule/_schedule_admin_command'

/** The taskboard commands: the webhook as the admin page shows it. */
export abstract class TaskboardCommand extends ScheduleAdminCommand {
  protected async taskboard() {
    const { TaskboardWebhook } = await import('#services/schedule/feedback/taskboard_webhook')
    return new TaskboardWebhook()
  }

  protected print(status: TaskboardStatus) {
    if (!status.configured) {
      this.logger.info('No taskboard webhook is set up: schedule:taskboard:connect <url>')
      return
    }
    this.logger.log(`Sends to: ${status.url} (saved ${status.connectedAt})`)
    const last = status.lastDelivery
    if (last) {
      const outcome = last.success ? `taken (${last.status})` : `failed: ${last.error}`
      this.logger.log(`Last delivery: ${last.at}, ${last.type}, ${outcome}`)
    }
  }
}
