import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CalendarBookingRow } from '#services/schedule/calendar/people_calendar'

/**
 * A person booked on a project, as the people calendar draws it: the
 * project's days minus `unscheduled`, with each day's note.
 */
export default class CalendarBookingTransformer extends BaseTransformer<CalendarBookingRow> {
  toObject() {
    return this.pick(this.resource, [
      'kind',
      'assignmentId',
      'resourceId',
      'projectId',
      'statusId',
      'sortOrder',
      'unscheduled',
      'notes',
    ])
  }
}
