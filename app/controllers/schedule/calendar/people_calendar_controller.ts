import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { PeopleCalendar } from '#services/schedule/calendar/people_calendar'
import { peopleCalendarValidator } from '#validators/schedule/calendar_validators'

/** GET /api/calendar/people of spec 3: the people mode of the calendar for a range. */
@inject()
export default class PeopleCalendarController {
  constructor(protected calendar: PeopleCalendar) {}

  async index({ request }: HttpContext) {
    return this.calendar.range(await request.validateUsing(peopleCalendarValidator))
  }
}
