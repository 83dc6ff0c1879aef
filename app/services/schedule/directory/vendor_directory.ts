import { inject } from '@adonisjs/core'
import { smsOptOutOf, type SmsOptOutState } from '#services/schedule/messaging/sms_opt_outs'
import Vendor from '#models/schedule/vendor'
import { ActivityLogger } from '#services/schedule/activity/activity_logger'
import {
  CrewVendorLinks,
  type CrewVendorLinkRow,
} from '#services/schedule/directory/crew_vendor_links'
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

/** A vendor with the crew members who work for them (GET /api/vendors/:id). */
export type VendorDetail = {
  vendor: Vendor
  crewLinks: CrewVendorLinkRow[]
  /** The last STOP or START texted from their number (availability messaging). */
  smsOptOut: SmsOptOutState
}

/** Vendors (spec 3, vendors): /api/vendors. */
@inject()
export class VendorDirectory extends ResourceDirectory<VendorFields, Vendor> {
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
  async show(id: number): Promise<VendorDetail> {
    const vendor = await this.find(id)
    return {
      vendor,
      crewLinks: await this.links.list({ vendorId: vendor.id }),
      smsOptOut: await smsOptOutOf(vendor.phone),
    }
  }

  async assignments(id: number, range: BookingRange) {
    const vendor = await this.find(id)
    return this.bookings.of('vendor', vendor.id, range)
  }
}
