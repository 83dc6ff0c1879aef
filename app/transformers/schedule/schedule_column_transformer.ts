import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ColumnView } from '#services/schedule/production/day_grid_columns'

/** A column of a project's day grid and the days it is hidden on. */
export default class ScheduleColumnTransformer extends BaseTransformer<ColumnView> {
  toObject() {
    const { column, hiddenDates } = this.resource
    return {
      id: column.id,
      projectId: column.projectId,
      name: column.name,
      sortOrder: column.sortOrder,
      hiddenDates,
    }
  }
}
