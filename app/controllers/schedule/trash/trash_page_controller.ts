import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { PageViewer } from '#services/schedule/people/page_viewer'
import { Trash, isTrashType } from '#services/schedule/trash/trash'
import TrashItemTransformer from '#transformers/schedule/trash_item_transformer'

/** GET /trash: one kind of deleted item (?tab=, projects by default) with its first data. */
@inject()
export default class TrashPageController {
  constructor(
    protected viewer: PageViewer,
    protected trash: Trash
  ) {}

  async show({ inertia, request, response, session }: HttpContext) {
    const viewer = await this.viewer.of(session)
    if (!viewer) {
      return response.redirect('/login')
    }
    // An unknown tab in a typed or old address opens the first one, as the tabs do.
    const tab = String(request.qs().tab ?? '')
    const type = isTrashType(tab) ? tab : 'projects'
    return inertia.render('schedule/trash', {
      user: viewer.user,
      type,
      items: TrashItemTransformer.transform(await this.trash.list(type)),
    })
  }
}
