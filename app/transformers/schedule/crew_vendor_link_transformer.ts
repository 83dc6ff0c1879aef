import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CrewVendorLinkRow } from '#services/schedule/directory/crew_vendor_links'

/**
 * A crew member who works for a vendor (spec 3, crew_vendor_links). On a
 * crew member's page it names the vendor only (`forCrew`), on a vendor's
 * the crew member only (`forVendor`).
 */
export default class CrewVendorLinkTransformer extends BaseTransformer<CrewVendorLinkRow> {
  toObject() {
    return this.pick(this.resource, ['id', 'crewId', 'vendorId', 'notes', 'crewName', 'vendorName'])
  }

  forCrew() {
    return this.pick(this.resource, ['id', 'vendorId', 'vendorName', 'notes'])
  }

  forVendor() {
    return this.pick(this.resource, ['id', 'crewId', 'crewName', 'notes'])
  }
}
