import { inject } from '@adonisjs/core'
import Crew from '#models/schedule/crew'
import { ActivityLogger } from '#services/schedule/activity/activity_logger'
import { CrewVendorLinks } from '#services/schedule/directory/crew_vendor_links'
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

/** Crew members (spec 3, crews): /api/crew. */
@inject()
export class CrewDirectory extends ResourceDirectory<CrewFields> {
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
  async show(id: number) {
    const crew = await this.find(id)
    const links = await this.links.list({ crewId: crew.id })
    return {
      ...crew.serialize(),
      vendorLinks: links.map(({ id: linkId, vendorId, vendorName, notes }) => ({
        id: linkId,
        vendorId,
        vendorName,
        notes,
      })),
    }
  }

  async assignments(id: number, range: BookingRange) {
    const crew = await this.find(id)
    return this.bookings.of('crew', crew.id, range)
  }
}
