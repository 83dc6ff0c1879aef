import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { pageUser } from '#services/schedule/people/page_viewer'
import { Trash, isTrashType } from '#services/schedule/trash/trash'
import TrashItemTransformer from '#transformers/schedule/trash_item_transformer'

/** GET /trash: one kind of deleted item (?tab=, projects by default) with its first data. */
@inject()
export default class TrashPageController {
  constructor(protected trash: Trash) {}

  async show({ inertia, request, scheduleUser }: HttpContext) {
    // An unknown tab in a typed or old address opens the first one, as the tabs do.
    const tab = String(request.qs().tab ?? '')
    const type = isTrashType(tab) ? tab : 'projects'
    return inertia.render('schedule/trash', {
      user: pageUser(scheduleUser),
      type,
      items: TrashItemTransformer.transform(await this.trash.list(type)),
    })
  }
}
