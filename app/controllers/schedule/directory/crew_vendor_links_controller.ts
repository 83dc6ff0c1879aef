import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CrewVendorLinks } from '#services/schedule/directory/crew_vendor_links'
import {
  createCrewVendorLinkValidator,
  crewVendorLinkListValidator,
} from '#validators/schedule/link_validators'

/** /api/crew-vendor-links of spec 3. */
@inject()
export default class CrewVendorLinksController {
  constructor(protected links: CrewVendorLinks) {}

  async index({ request }: HttpContext) {
    return this.links.list(await request.validateUsing(crewVendorLinkListValidator))
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createCrewVendorLinkValidator)
    return response.status(201).send(await this.links.create(fields, scheduleUser))
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.links.delete(params.id, scheduleUser)
    return { success: true }
  }
}
