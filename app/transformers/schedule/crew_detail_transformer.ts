import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CrewDetail } from '#services/schedule/directory/crew_directory'
import CrewTransformer from '#transformers/schedule/crew_transformer'
import CrewVendorLinkTransformer from '#transformers/schedule/crew_vendor_link_transformer'

/** A crew member with the vendors they work for (GET /api/crew/:id). */
export default class CrewDetailTransformer extends BaseTransformer<CrewDetail> {
  toObject() {
    return {
      ...new CrewTransformer(this.resource.crew).toObject(),
      vendorLinks: CrewVendorLinkTransformer.transform(this.resource.vendorLinks).useVariant(
        'forCrew'
      ),
      smsOptOut: this.resource.smsOptOut,
    }
  }
}
