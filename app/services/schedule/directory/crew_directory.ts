import { inject } from '@adonisjs/core'
import { smsOptOutOf, type SmsOptOutState } from '#services/schedule/messaging/sms_opt_outs'
import Crew from '#models/schedule/crew'
import { ActivityLogger } from '#services/schedule/activity/activity_logger'
import {
  CrewVendorLinks,
  type CrewVendorLinkRow,
} from '#services/schedule/directory/crew_vendor_links'
import { ResourceBookings, type BookingRange } from '#services/schedule/calendar/resource_bookings'
import { ResourceDirectory } from '#services/schedule/directory/resource_directory'

export type CrewFields = {
  name?: string
  phone?: string | null
  email?: string | null
  pronouns?: string | null
  vehicle?: string | null
  dietary?: string | null
  howWeMet?: string | null
  notes?: string | null
  crewRoleId?: number | null
  regionId?: number | null
  starred?: boolean
}

/** A crew member with the vendors they work for (GET /api/crew/:id). */
export type CrewDetail = {
  crew: Crew
  vendorLinks: CrewVendorLinkRow[]
  /** The last STOP or START texted from their number (availability messaging). */
  smsOptOut: SmsOptOutState
}

/** Crew members (spec 3, crews): /api/crew. */
@inject()
export class CrewDirectory extends ResourceDirectory<CrewFields, Crew> {
  protected model = Crew
  protected entityType = 'crew'
  protected label = 'crew member'
  protected searchColumns = ['name', 'email', 'phone']

  constructor(
    activity: ActivityLogger,
    protected links: CrewVendorLinks,
    protected bookings: ResourceBookings
  ) {
    super(activity)
  }

  /** The crew member and the vendors they work for. */
  async show(id: number): Promise<CrewDetail> {
    const crew = await this.find(id)
    return {
      crew,
      vendorLinks: await this.links.list({ crewId: crew.id }),
      smsOptOut: await smsOptOutOf(crew.phone),
    }
  }

  async assignments(id: number, range: BookingRange) {
    const crew = await this.find(id)
    return this.bookings.of('crew', crew.id, range)
  }
}
