import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ScheduleUsers } from '#services/schedule/people/schedule_users'
import { ScheduleLookups } from '#services/schedule/directory/lookups'
import { toSessionUser } from '#services/schedule/people/schedule_sign_in'
import { CalendarPage } from '#services/schedule/calendar/calendar_page'
import { calendarPlace } from '#services/schedule/calendar/calendar_place'

/**
 * GET /calendar: the view the address names (?view, ?mode, ?date) with its
 * data. Moving to another range, view or mode is a partial reload of
 * `place`, `people`, `projects` and `conflicts`; the lists and settings stay.
 * A view's props are only those it draws: Inertia keeps the others as the
 * client last had them, and no view reads what it does not draw.
 */
@inject()
export default class CalendarPageController {
  constructor(
    protected users: ScheduleUsers,
    protected lookups: ScheduleLookups,
    protected page: CalendarPage
  ) {}

  async show({ inertia, request, response, session }: HttpContext) {
    const user = await this.users.signedIn(session)
    if (!user) {
      return response.redirect('/login')
    }
    const preferences = await this.page.preferences()
    const place = calendarPlace(request.qs(), preferences)
    const parts = this.page.parts(place)
    return inertia.render('schedule/calendar', {
      user: toSessionUser(user),
      preferences,
      place,
      lookups: () => this.lookups.all(),
      ...(parts.people ? { people: () => this.page.people(place) } : {}),
      ...(parts.bars
        ? {
            projects: () => this.page.projects(place),
            conflicts: () => this.page.conflicts(place),
          }
        : {}),
    })
  }
}
