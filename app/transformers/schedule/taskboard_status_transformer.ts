import { BaseTransformer } from '@adonisjs/core/transformers'
import type { TaskboardStatus } from '#services/schedule/feedback/taskboard_webhook'

/** The taskboard webhook as the admin page shows it (GET /api/admin/taskboard/status). */
export default class TaskboardStatusTransformer extends BaseTransformer<TaskboardStatus> {
  toObject() {
    const last = this.resource.lastDelivery
    return {
      configured: this.resource.configured,
      url: this.resource.url,
      connectedAt: this.resource.connectedAt,
      lastDelivery: last
        ? {
            at: last.at,
            type: last.type,
            success: last.success,
            status: last.status ?? null,
            error: last.error ?? null,
          }
        : null,
    }
  }
}
