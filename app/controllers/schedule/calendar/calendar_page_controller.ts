import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ScheduleLookups } from '#services/schedule/directory/lookups'
import { pageUser } from '#services/schedule/people/page_viewer'
import { Clients } from '#services/schedule/directory/clients'
import ClientTransformer from '#transformers/schedule/client_transformer'
import { CalendarPage } from '#services/schedule/calendar/calendar_page'
import { calendarPlace } from '#services/schedule/calendar/calendar_place'

/**
 * GET /calendar: the view the address names (?view, ?mode, ?date) with its
 * data. Moving to another range, view or mode is a partial reload of
 * `place`, `setup` (is anything planned yet), `people`, `projects`,
 * `conflicts` and `production` (what the production days hold); the lists, the clients (for the new-project dialog) and the
 * settings stay.
 * A view's props are only those it draws: Inertia keeps the others as the
 * client last had them, and no view reads what it does not draw.
 */
@inject()
export default class CalendarPageController {
  constructor(
    protected lookups: ScheduleLookups,
    protected clients: Clients,
    protected page: CalendarPage
  ) {}

  async show({ inertia, request, scheduleUser }: HttpContext) {
    const preferences = await this.page.preferences()
    const place = calendarPlace(request.qs(), preferences)
    const parts = this.page.parts(place)
    return inertia.render('schedule/calendar', {
      user: pageUser(scheduleUser),
      preferences,
      place,
      setup: () => this.page.setup(),
      lookups: () => this.lookups.all(),
      clients: async () => ClientTransformer.transform(await this.clients.list()),
      ...(parts.people ? { people: () => this.page.people(place) } : {}),
      ...(parts.bars
        ? {
            projects: () => this.page.projects(place),
            conflicts: () => this.page.conflicts(place),
          }
        : {}),
      ...(parts.production ? { production: () => this.page.production(place) } : {}),
    })
  }
}
