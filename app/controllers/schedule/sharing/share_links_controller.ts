import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import {
  createShareValidator,
  shareListValidator,
  updateShareValidator,
} from '#validators/schedule/share_validators'
import { ShareLinks } from '#services/schedule/sharing/share_links'
import { serializer } from '#services/shared/serialize'
import ShareLinkTransformer from '#transformers/schedule/share_link_transformer'

/** Public share links, managed by signed-in people (/api/share). */
@inject()
export default class ShareLinksController {
  constructor(protected links: ShareLinks) {}

  async index({ request }: HttpContext) {
    const filter = await request.validateUsing(shareListValidator, { data: request.qs() })
    return serializer.serialize(ShareLinkTransformer.transform(await this.links.list(filter)))
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createShareValidator)
    const link = await this.links.create(scheduleUser, fields)
    return response
      .status(201)
      .send(await serializer.serialize(ShareLinkTransformer.transform(link)))
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const changes = await request.validateUsing(updateShareValidator)
    const link = await this.links.update(scheduleUser, Number(params.id), changes)
    return serializer.serialize(ShareLinkTransformer.transform(link))
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.links.remove(scheduleUser, Number(params.id))
    return { success: true }
  }
}
