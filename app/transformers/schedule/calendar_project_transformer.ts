import { BaseTransformer } from '@adonisjs/core/transformers'
import type {
  CalendarProjectBarRow,
  CalendarProjectRow,
} from '#services/schedule/calendar/people_calendar'

const FIELDS = [
  'id',
  'name',
  'startDate',
  'endDate',
  'color',
  'textColor',
  'projectStatusId',
] as const

/**
 * The fields of a project the calendar draws: its bar, its dates and its
 * status. `forBars` is the projects mode's page prop: a bar also says whose
 * project it is and how many crew it books.
 */
export default class CalendarProjectTransformer extends BaseTransformer<
  CalendarProjectRow | CalendarProjectBarRow
> {
  toObject() {
    return this.pick(this.resource, [...FIELDS])
  }

  forBars() {
    const bar = this.resource as CalendarProjectBarRow
    return { ...this.pick(bar, [...FIELDS]), clientName: bar.clientName, crewCount: bar.crewCount }
  }
}
