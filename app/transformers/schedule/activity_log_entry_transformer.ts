import { BaseTransformer } from '@adonisjs/core/transformers'
import type ActivityLog from '#models/schedule/activity_log'

/** Old and new value of one changed field; any JSON value. */
export type FieldChange = {
  from: string | number | boolean | null
  to: string | number | boolean | null
}

/** One entry of the activity log (spec 3, activity_logs). */
export default class ActivityLogEntryTransformer extends BaseTransformer<ActivityLog> {
  toObject() {
    const entry = this.resource
    return {
      ...this.pick(entry, [
        'id',
        'actorId',
        'actorName',
        'action',
        'entityType',
        'entityId',
        'projectId',
        'summary',
      ]),
      changes: entry.changes as Record<string, FieldChange> | null,
      createdAt: entry.createdAt.toISO()!,
    }
  }
}
