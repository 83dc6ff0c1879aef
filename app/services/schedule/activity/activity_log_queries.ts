import ActivityLog from '#models/schedule/activity_log'

export type ActivityLogFilter = {
  projectId?: number
  entityType?: string
  entityId?: string
}

/** Reading the activity log (spec 3, activity_logs); ActivityLogger writes it. */
export class ActivityLogQueries {
  /** Newest first; entries written in one transaction keep their order by id. */
  paginate(filter: ActivityLogFilter, page: number, perPage: number) {
    const query = ActivityLog.query().orderBy('created_at', 'desc').orderBy('id', 'desc')
    if (filter.projectId !== undefined) {
      query.where('project_id', filter.projectId)
    }
    if (filter.entityType !== undefined) {
      query.where('entity_type', filter.entityType)
    }
    if (filter.entityId !== undefined) {
      query.where('entity_id', filter.entityId)
    }
    return query.paginate(page, perPage)
  }
}
