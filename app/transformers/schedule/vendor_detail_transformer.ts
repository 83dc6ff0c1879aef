import { BaseTransformer } from '@adonisjs/core/transformers'
import type { VendorDetail } from '#services/schedule/directory/vendor_directory'
import VendorTransformer from '#transformers/schedule/vendor_transformer'
import CrewVendorLinkTransformer from '#transformers/schedule/crew_vendor_link_transformer'

/** A vendor with the crew members who work for them (GET /api/vendors/:id). */
export default class VendorDetailTransformer extends BaseTransformer<VendorDetail> {
  toObject() {
    return {
      ...new VendorTransformer(this.resource.vendor).toObject(),
      crewLinks: CrewVendorLinkTransformer.transform(this.resource.crewLinks).useVariant(
        'forVendor'
      ),
      smsOptOut: this.resource.smsOptOut,
    }
  }
}
