import { inject } from '@adonisjs/core'
import Vendor from '#models/schedule/vendor'
import { ActivityLogger } from '#services/schedule/activity/activity_logger'
import { CrewVendorLinks } from '#services/schedule/directory/crew_vendor_links'
import { ResourceBookings, type BookingRange } from '#services/schedule/calendar/resource_bookings'
import { ResourceDirectory } from '#services/schedule/directory/resource_directory'

export type VendorFields = {
  name?: string
  contactName?: string | null
  phone?: string | null
  email?: string | null
  website?: string | null
  address?: string | null
  notes?: string | null
  vendorTypeId?: number | null
  regionId?: number | null
  starred?: boolean
}

/** Vendors (spec 3, vendors): /api/vendors. */
@inject()
export class VendorDirectory extends ResourceDirectory<VendorFields> {
  protected model = Vendor
  protected entityType = 'vendor'
  protected label = 'vendor'
  protected searchColumns = ['name', 'contact_name', 'email']

  constructor(
    activity: ActivityLogger,
    protected links: CrewVendorLinks,
    protected bookings: ResourceBookings
  ) {
    super(activity)
  }

  /** The vendor and the crew members who work for them. */
  async show(id: number) {
    const vendor = await this.find(id)
    const links = await this.links.list({ vendorId: vendor.id })
    return {
      ...vendor.serialize(),
      crewLinks: links.map(({ id: linkId, crewId, crewName, notes }) => ({
        id: linkId,
        crewId,
        crewName,
        notes,
      })),
    }
  }

  async assignments(id: number, range: BookingRange) {
    const vendor = await this.find(id)
    return this.bookings.of('vendor', vendor.id, range)
  }
}
