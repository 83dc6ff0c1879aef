import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CrewVendorLinkView } from '#services/schedule/directory/crew_vendor_links'

/** A crew member who works through a vendor, with both names (spec 3, crew_vendor_links). */
export default class CrewVendorLinkTransformer extends BaseTransformer<CrewVendorLinkView> {
  toObject() {
    return this.pick(this.resource, ['id', 'crewId', 'vendorId', 'notes', 'crewName', 'vendorName'])
  }
}
