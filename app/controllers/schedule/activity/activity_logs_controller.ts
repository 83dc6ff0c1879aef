import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ActivityLogQueries } from '#services/schedule/activity/activity_log_queries'
import { activityLogListValidator } from '#validators/schedule/activity_log_validators'
import { serializer } from '#services/shared/serialize'
import ActivityLogEntryTransformer from '#transformers/schedule/activity_log_entry_transformer'

/** GET /api/activity-logs: who changed what, newest first, a page at a time. */
@inject()
export default class ActivityLogsController {
  constructor(protected logs: ActivityLogQueries) {}

  async index({ request }: HttpContext) {
    const { page, perPage, ...filter } = await request.validateUsing(activityLogListValidator)
    const result = await this.logs.paginate(filter, page ?? 1, perPage ?? 50)
    return serializer.serialize({
      meta: result.getMeta(),
      data: ActivityLogEntryTransformer.transform(result.all()),
    })
  }
}
