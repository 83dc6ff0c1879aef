import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ActivityLogQueries } from '#services/schedule/activity/activity_log_queries'
import { activityLogListValidator } from '#validators/schedule/activity_log_validators'

/** GET /api/activity-logs: who changed what, newest first, a page at a time. */
@inject()
export default class ActivityLogsController {
  constructor(protected logs: ActivityLogQueries) {}

  async index({ request }: HttpContext) {
    const { page, perPage, ...filter } = await request.validateUsing(activityLogListValidator)
    return this.logs.list(filter, page ?? 1, perPage ?? 50)
  }
}
