import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CalendarDayRow } from '#services/schedule/calendar/production_calendar'

/** A project's production day on the calendar: title, call and wrap, notes and location. */
export default class CalendarDayTransformer extends BaseTransformer<CalendarDayRow> {
  toObject() {
    return this.pick(this.resource, [
      'projectId',
      'date',
      'title',
      'callTime',
      'wrapTime',
      'notes',
      'location',
    ])
  }
}
