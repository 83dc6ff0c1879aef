import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CrewVendorLinks } from '#services/schedule/directory/crew_vendor_links'
import {
  createCrewVendorLinkValidator,
  crewVendorLinkListValidator,
} from '#validators/schedule/link_validators'
import { serializer } from '#services/shared/serialize'
import CrewVendorLinkTransformer from '#transformers/schedule/crew_vendor_link_transformer'

/** /api/crew-vendor-links of spec 3. */
@inject()
export default class CrewVendorLinksController {
  constructor(protected links: CrewVendorLinks) {}

  async index({ request }: HttpContext) {
    const links = await this.links.list(await request.validateUsing(crewVendorLinkListValidator))
    return serializer.serialize(CrewVendorLinkTransformer.transform(links))
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createCrewVendorLinkValidator)
    const link = await this.links.create(fields, scheduleUser)
    return response
      .status(201)
      .send(await serializer.serialize(CrewVendorLinkTransformer.transform(link)))
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.links.delete(params.id, scheduleUser)
    return { success: true }
  }
}
