import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { pageUser } from '#services/schedule/people/page_viewer'
import { ScheduleLookups } from '#services/schedule/directory/lookups'

/** GET /settings: the six lists that label everything else, for anyone signed in to edit. */
@inject()
export default class ListsPageController {
  constructor(protected lookups: ScheduleLookups) {}

  async show({ inertia, scheduleUser }: HttpContext) {
    return inertia.render('schedule/settings', {
      user: pageUser(scheduleUser),
      lookups: await this.lookups.all(),
    })
  }
}
