import { BaseTransformer } from '@adonisjs/core/transformers'
import type ProjectDayInfo from '#models/schedule/project_day_info'

/**
 * What happens on one day of a project (spec 3, project_day_info). A day
 * with nothing on it is a row never saved: its id is null.
 */
export default class DayInfoTransformer extends BaseTransformer<ProjectDayInfo> {
  toObject() {
    const info = this.resource
    return {
      id: info.$isPersisted ? info.id : null,
      projectId: info.projectId,
      date: info.date,
      title: info.title ?? null,
      callTime: info.callTime ?? null,
      wrapTime: info.wrapTime ?? null,
      notes: info.notes ?? null,
      locationId: info.locationId ?? null,
    }
  }
}
