import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CalendarProjectRow } from '#services/schedule/calendar/people_calendar'

/** The fields of a project the calendar draws: its bar, its dates and its status. */
export default class CalendarProjectTransformer extends BaseTransformer<CalendarProjectRow> {
  toObject() {
    return this.pick(this.resource, [
      'id',
      'name',
      'startDate',
      'endDate',
      'color',
      'textColor',
      'projectStatusId',
    ])
  }
}
