import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ActivityView } from '#services/schedule/production/activities'

/** An activity of a production day, with who takes part, its warnings and its place on the grid. */
export default class ActivityTransformer extends BaseTransformer<ActivityView> {
  toObject() {
    const { activity, participants, warnings, lane, lanes } = this.resource
    return {
      id: activity.id,
      projectId: activity.projectId,
      date: activity.date,
      name: activity.name,
      activityTypeId: activity.activityTypeId ?? null,
      scheduleColumnId: activity.scheduleColumnId ?? null,
      startTime: activity.startTime,
      endTime: activity.endTime ?? null,
      isMilestone: activity.endTime === null || activity.endTime === undefined,
      marker: activity.marker ?? null,
      locationId: activity.locationId ?? null,
      notes: activity.notes ?? null,
      participants,
      warnings,
      lane,
      lanes,
    }
  }
}
