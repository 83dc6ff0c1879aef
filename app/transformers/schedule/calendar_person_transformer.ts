import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CalendarPersonRow } from '#services/schedule/calendar/people_calendar'

/** A row of the people calendar: a crew member or a vendor (spec 3: calendar/people). */
export default class CalendarPersonTransformer extends BaseTransformer<CalendarPersonRow> {
  toObject() {
    return this.pick(this.resource, ['kind', 'id', 'name', 'roleId', 'regionId', 'starred'])
  }
}
