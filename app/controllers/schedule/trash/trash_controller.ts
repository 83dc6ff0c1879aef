import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { Trash } from '#services/schedule/trash/trash'
import { serializer } from '#services/shared/serialize'
import TrashItemTransformer from '#transformers/schedule/trash_item_transformer'

/** The trash of spec 3, sections 3 and 4: list and restore (signed in), purge and cleanup (admins). */
@inject()
export default class TrashController {
  constructor(protected trash: Trash) {}

  async index({ params }: HttpContext) {
    return serializer.serialize(TrashItemTransformer.transform(await this.trash.list(params.type)))
  }

  async restore({ params, scheduleUser }: HttpContext) {
    await this.trash.restore(scheduleUser, params.type, Number(params.id))
    return { success: true }
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.trash.purge(scheduleUser, params.type, Number(params.id))
    return { success: true }
  }

  async cleanup({ scheduleUser }: HttpContext) {
    const { removed } = await this.trash.cleanup({ actor: scheduleUser })
    return { success: true, removed }
  }
}
