import { inject } from '@adonisjs/core'
import type { NotedResource } from '#models/schedule/resource_note'
import type Crew from '#models/schedule/crew'
import type Vendor from '#models/schedule/vendor'
import type { ResourceKind } from '#services/schedule/projects/project_records'
import { today } from '#services/schedule/projects/project_days'
import { CrewDirectory } from '#services/schedule/directory/crew_directory'
import { VendorDirectory } from '#services/schedule/directory/vendor_directory'
import { Locations } from '#services/schedule/directory/locations'
import { CrewVendorLinks } from '#services/schedule/directory/crew_vendor_links'
import { ResourceNotes } from '#services/schedule/directory/resource_notes'
import { ResourceChoices } from '#services/schedule/directory/resource_choices'
import { RecordNotFoundError } from '#services/schedule/directory/record_errors'
import { ShareLinks } from '#services/schedule/sharing/share_links'
import { CalendarFeeds, presentFeed } from '#services/schedule/feeds/calendar_feeds'
import { serializer } from '#services/shared/serialize'
import ResourceBookingTransformer from '#transformers/schedule/resource_booking_transformer'
import CrewVendorLinkTransformer from '#transformers/schedule/crew_vendor_link_transformer'
import ResourceNoteTransformer from '#transformers/schedule/resource_note_transformer'
import ShareLinkTransformer from '#transformers/schedule/share_link_transformer'
import CalendarFeedTransformer from '#transformers/schedule/calendar_feed_transformer'
import ResourceChoiceTransformer from '#transformers/schedule/resource_choice_transformer'
import { smsOptOutOf } from '#services/schedule/messaging/sms_opt_outs'

/** The directory's tabs, as its address names them (?tab=). */
export const DIRECTORY_TABS = ['crew', 'vendors', 'locations', 'clients'] as const
export type DirectoryTab = (typeof DIRECTORY_TABS)[number]

type PanelledTab = Exclude<DirectoryTab, 'clients'>

/** Which tabs list people (bookings, links, share links); every tab but clients carries notes. */
const PERSON: Partial<Record<PanelledTab, ResourceKind>> = { crew: 'crew', vendors: 'vendor' }
const NOTED: Record<PanelledTab, NotedResource> = {
  crew: 'crew',
  vendors: 'vendor',
  locations: 'location',
}

/**
 * The directory's open record (the `selection` prop) and what it shows
 * below its own fields, its panels: a person's upcoming bookings, the
 * vendors or crew linked to them and the names the link picker offers, the
 * team's notes, and the person's share links and calendar feed. Each list is the body its
 * /api route answers. Clients have none of these panels. A person's record
 * also says whether their number texted STOP (and when): they get no SMS.
 */
@inject()
export class DirectorySelection {
  constructor(
    protected crew: CrewDirectory,
    protected vendors: VendorDirectory,
    protected locations: Locations,
    protected links: CrewVendorLinks,
    protected notes: ResourceNotes,
    protected shareLinks: ShareLinks,
    protected choices: ResourceChoices,
    protected feeds: CalendarFeeds
  ) {}

  /**
   * The record `id` of `tab` (null: none open). Its panels are null for a
   * tab without them, or a record that is not (or no longer) in the
   * directory. Never null itself: a page prop's function cannot answer null.
   */
  async of(tab: DirectoryTab, id: number | null) {
    return { tab, id, panels: id === null ? null : await this.panels(tab, id) }
  }

  protected async panels(tab: DirectoryTab, id: number) {
    const record = tab === 'clients' ? null : await this.activeRecord(tab, id)
    if (tab === 'clients' || !record) {
      return null
    }
    const person = PERSON[tab]
    const noted = NOTED[tab]
    // One read after another: inside a transaction they share one client.
    const assignments = person ? await this.bookings(person, id) : []
    const links = person
      ? await this.links.list(person === 'crew' ? { crewId: id } : { vendorId: id })
      : []
    const notes = await this.notes.list({ resourceType: noted, resourceId: id })
    const shareLinks = person
      ? await this.shareLinks.list({ resourceType: person, resourceId: id })
      : []
    const choices = person ? await this.choices.of([person === 'crew' ? 'vendor' : 'crew']) : []
    const feed = person ? await this.feeds.current(person, id) : null
    const smsOptOut = person ? await smsOptOutOf((record as Crew | Vendor).phone) : null
    const lists = await serializer.serialize({
      assignments: ResourceBookingTransformer.transform(assignments),
      links: CrewVendorLinkTransformer.transform(links),
      notes: ResourceNoteTransformer.transform(notes),
      shareLinks: ShareLinkTransformer.transform(shareLinks),
      choices: ResourceChoiceTransformer.transform(choices),
      calendarFeed: feed ? CalendarFeedTransformer.transform(presentFeed(feed)) : null,
    })
    return { ...lists, smsOptOut }
  }

  /** From today on, as the panel has always asked GET /api/…/:id/assignments?from=today. */
  protected bookings(person: ResourceKind, id: number) {
    const directory = person === 'crew' ? this.crew : this.vendors
    return directory.assignments(id, { from: today() })
  }

  /** The record, or null when it is not (or no longer) in the directory. */
  protected async activeRecord(tab: PanelledTab, id: number) {
    const directories = { crew: this.crew, vendors: this.vendors, locations: this.locations }
    try {
      return await directories[tab].find(id)
    } catch (error) {
      if (error instanceof RecordNotFoundError) {
        return null
      }
      throw error
    }
  }
}
