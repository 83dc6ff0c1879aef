import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CalendarActivityRow } from '#services/schedule/calendar/production_calendar'

/** An activity in the calendar's day view: time, name, marker and type (colour, icon). */
export default class CalendarActivityTransformer extends BaseTransformer<CalendarActivityRow> {
  toObject() {
    return this.pick(this.resource, [
      'id',
      'projectId',
      'date',
      'name',
      'startTime',
      'endTime',
      'marker',
      'type',
    ])
  }
}
