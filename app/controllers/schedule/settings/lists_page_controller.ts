import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { PageViewer } from '#services/schedule/people/page_viewer'
import { ScheduleLookups } from '#services/schedule/directory/lookups'

/** GET /settings: the six lists that label everything else, for anyone signed in to edit. */
@inject()
export default class ListsPageController {
  constructor(
    protected viewer: PageViewer,
    protected lookups: ScheduleLookups
  ) {}

  async show({ inertia, response, session }: HttpContext) {
    const viewer = await this.viewer.of(session)
    if (!viewer) {
      return response.redirect('/login')
    }
    return inertia.render('schedule/settings', {
      user: viewer.user,
      lookups: await this.lookups.all(),
    })
  }
}
