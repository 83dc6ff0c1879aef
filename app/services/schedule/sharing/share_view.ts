import { DateTime } from 'luxon'
import { Exception } from '@adonisjs/core/exceptions'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import PublicShareLink from '#models/schedule/public_share_link'
import Project from '#models/schedule/project'
import Crew from '#models/schedule/crew'
import Vendor from '#models/schedule/vendor'
import Location from '#models/schedule/location'
import ProjectCrew from '#models/schedule/project_crew'
import ProjectVendor from '#models/schedule/project_vendor'
import ProjectDayInfo from '#models/schedule/project_day_info'
import AssignmentDayNote from '#models/schedule/assignment_day_note'
import Status from '#models/schedule/status'
import CrewRole from '#models/schedule/crew_role'
import VendorType from '#models/schedule/vendor_type'
import ProjectStatus from '#models/schedule/project_status'
import Client from '#models/schedule/client'
import { RecordNotFoundError } from '#services/schedule/directory/record_errors'
import { addDays, today } from '#services/schedule/projects/project_days'
import { SHARE_TOKEN_PATTERN } from '#services/schedule/sharing/share_links'
import { LocationPhotos } from '#services/schedule/locations/location_photos'
import { LocationMaps } from '#services/schedule/locations/location_maps'

/** 410: the link existed but no longer opens. */
export class ShareLinkGoneError extends Exception {
  static status = 410
}

/** A person's page shows bookings of projects that ended at most this many days ago. */
export const RECENT_BOOKING_DAYS = 30

type Place = { name: string; address: string | null } | null

type DayNoteRow = Pick<AssignmentDayNote, 'date' | 'note' | 'isScheduled'>

/** Every day from `start` to `end` inclusive ('YYYY-MM-DD'). */
export function eachDay(start: string, end: string) {
  const days: string[] = []
  for (let day = start; day <= end; day = addDays(day, 1)) {
    days.push(day)
  }
  return days
}

/**
 * The days a booking works (the project's days minus those its day notes mark
 * unscheduled) and its notes by day, within the project's dates.
 */
export function scheduledDays(start: string, end: string, dayNotes: DayNoteRow[]) {
  const unscheduled = new Set(dayNotes.filter((row) => !row.isScheduled).map((row) => row.date))
  const notes: Record<string, string> = {}
  for (const row of dayNotes) {
    if (row.note && row.date >= start && row.date <= end) {
      notes[row.date] = row.note
    }
  }
  return { days: eachDay(start, end).filter((day) => !unscheduled.has(day)), notes }
}

/**
 * What a public share link shows (GET /api/share/:token). Built field by field
 * from what a recipient may see: names, dates, roles, statuses, places and
 * the day-by-day schedule; never phone numbers, emails, or anyone's internal
 * notes (project notes, assignment notes, resource notes). `booked` (whether
 * a booking's status holds the person) is for the share page, which shows
 * only those; the API's answer leaves it out (ShareViewTransformer).
 */
export class ShareView {
  /** The link of `token` if it still opens (404 unknown, 410 revoked or expired); nothing counted. */
  async usableLink(token: string) {
    const link = SHARE_TOKEN_PATTERN.test(token)
      ? await PublicShareLink.findBy('token', token)
      : null
    if (!link) {
      throw new RecordNotFoundError('Share link not found')
    }
    if (link.revokedAt) {
      throw new ShareLinkGoneError('This share link has been revoked')
    }
    if (link.expiresAt && link.expiresAt <= DateTime.now()) {
      throw new ShareLinkGoneError('This share link has expired')
    }
    return link
  }

  async open(token: string) {
    const link = await this.usableLink(token)
    const content =
      link.resourceType === 'project'
        ? { project: await this.project(link.resourceId, token) }
        : { person: await this.person(link.resourceType, link.resourceId) }
    await PublicShareLink.query()
      .where('id', link.id)
      .update({ view_count: db.raw('view_count + 1'), last_viewed_at: db.raw('now()') })
    return {
      resourceType: link.resourceType,
      label: link.label,
      expiresAt: link.expiresAt?.toISO() ?? null,
      ...content,
    }
  }

  /**
   * The locations a shared project shows (its own and its days'), not in
   * the trash: the recipient may see their photos through the token.
   */
  async sharedLocationIds(token: string) {
    const link = await this.usableLink(token)
    if (link.resourceType !== 'project') {
      return new Set<number>()
    }
    const project = await Project.query()
      .withScopes((scopes) => scopes.active())
      .where('id', link.resourceId)
      .first()
    if (!project) {
      return new Set<number>()
    }
    const days = await ProjectDayInfo.query()
      .where('project_id', project.id)
      .whereNotNull('location_id')
    return new Set(
      [project.locationId, ...days.map((day) => day.locationId)].filter(
        (id): id is number => id !== null
      )
    )
  }

  /** Whether `token` is an open link that shows the location (its photos, its map); never throws. */
  async showsLocation(token: string, locationId: number) {
    const shared = await this.sharedLocationIds(token).catch(() => new Set<number>())
    return shared.has(locationId)
  }

  protected async project(id: number, token: string) {
    const project = await Project.query()
      .withScopes((scopes) => scopes.active())
      .where('id', id)
      .first()
    if (!project) {
      throw new RecordNotFoundError('Share link not found')
    }
    const crew = await ProjectCrew.query()
      .where('project_id', id)
      .whereHas('crew', (query) => query.whereNull('deleted_at'))
      .preload('crew')
    const vendors = await ProjectVendor.query()
      .where('project_id', id)
      .whereHas('vendor', (query) => query.whereNull('deleted_at'))
      .preload('vendor')
    const dayNotes = await AssignmentDayNote.query().where('project_id', id)
    const dayInfo = await ProjectDayInfo.query().where('project_id', id).orderBy('date', 'asc')
    const names = await this.names()
    const places = await this.places([project.locationId, ...dayInfo.map((day) => day.locationId)])
    const client = project.clientId ? await Client.find(project.clientId) : null
    const locationMap = project.locationId ? await this.mapOf(project.locationId) : null
    const maps = await app.container.make(LocationMaps)
    const bookingOf = (notes: AssignmentDayNote[]) =>
      scheduledDays(project.startDate, project.endDate, notes)
    const roster = [
      ...crew.map((entry) => ({
        sortOrder: entry.sortOrder,
        id: entry.id,
        kind: 'crew' as const,
        name: entry.crew.name,
        role: names.crewRoles.get(entry.crewRoleId ?? entry.crew.crewRoleId ?? 0) ?? null,
        status: names.statuses.get(entry.statusId ?? 0) ?? null,
        booked: names.books(entry.statusId),
        ...bookingOf(dayNotes.filter((row) => row.projectCrewId === entry.id)),
      })),
      ...vendors.map((entry) => ({
        sortOrder: entry.sortOrder,
        id: entry.id,
        kind: 'vendor' as const,
        name: entry.vendor.name,
        role: names.vendorTypes.get(entry.vendor.vendorTypeId ?? 0) ?? null,
        status: names.statuses.get(entry.statusId ?? 0) ?? null,
        booked: names.books(entry.statusId),
        ...bookingOf(dayNotes.filter((row) => row.projectVendorId === entry.id)),
      })),
    ]
      .sort((a, b) => a.sortOrder - b.sortOrder || a.kind.localeCompare(b.kind) || a.id - b.id)
      .map(({ sortOrder: _sortOrder, id: _id, ...entry }) => entry)

    return {
      name: project.name,
      startDate: project.startDate,
      endDate: project.endDate,
      color: project.color,
      status: names.projectStatuses.get(project.projectStatusId ?? 0) ?? null,
      client: client?.name ?? null,
      location: places.get(project.locationId ?? 0) ?? null,
      /** Where the project's location is, for a map link, when its coordinates are known. */
      locationMap,
      /** Its map picture, through the token, when pictures are on (MAPS_API_KEY). */
      locationMapImageUrl:
        locationMap && project.locationId && maps.available
          ? LocationMaps.urlOf({ id: project.locationId, ...locationMap }, token)
          : null,
      /** The project location's gallery, served to the recipient through the token. */
      locationPhotos: project.locationId
        ? await new LocationPhotos().sharedGallery(project.locationId, token)
        : [],
      days: dayInfo.map((day) => ({
        date: day.date,
        title: day.title,
        callTime: day.callTime,
        wrapTime: day.wrapTime,
        notes: day.notes,
        location: places.get(day.locationId ?? 0) ?? null,
      })),
      roster,
    }
  }

  /** A crew member's or vendor's bookings from 30 days ago on, on projects not in the trash. */
  protected async person(kind: 'crew' | 'vendor', id: number) {
    const model = kind === 'crew' ? Crew : Vendor
    const person = await model
      .query()
      .withScopes((scopes) => scopes.active())
      .where('id', id)
      .first()
    if (!person) {
      throw new RecordNotFoundError('Share link not found')
    }
    const since = addDays(today(), -RECENT_BOOKING_DAYS)
    const recentProjects = Project.query()
      .withScopes((scopes) => scopes.active())
      .where('end_date', '>=', since)
      .select('id')
    const assignments: (ProjectCrew | ProjectVendor)[] =
      kind === 'crew'
        ? await ProjectCrew.query().where('crew_id', id).whereIn('project_id', recentProjects)
        : await ProjectVendor.query().where('vendor_id', id).whereIn('project_id', recentProjects)
    const projects = await Project.query().whereIn(
      'id',
      assignments.map((entry) => entry.projectId)
    )
    const byId = new Map(projects.map((project) => [project.id, project]))
    const dayNotes = await AssignmentDayNote.query().whereIn(
      kind === 'crew' ? 'project_crew_id' : 'project_vendor_id',
      assignments.map((entry) => entry.id)
    )
    const names = await this.names()
    const places = await this.places(projects.map((project) => project.locationId))
    const role =
      person instanceof Crew
        ? names.crewRoles.get(person.crewRoleId ?? 0)
        : names.vendorTypes.get((person as Vendor).vendorTypeId ?? 0)

    const bookings = assignments
      .map((entry) => {
        const project = byId.get(entry.projectId)!
        const notes = dayNotes.filter((row) =>
          entry instanceof ProjectCrew
            ? row.projectCrewId === entry.id
            : row.projectVendorId === entry.id
        )
        return {
          projectName: project.name,
          startDate: project.startDate,
          endDate: project.endDate,
          color: project.color,
          status: names.statuses.get(entry.statusId ?? 0) ?? null,
          booked: names.books(entry.statusId),
          location: places.get(project.locationId ?? 0) ?? null,
          ...scheduledDays(project.startDate, project.endDate, notes),
        }
      })
      .sort(
        (a, b) =>
          a.startDate.localeCompare(b.startDate) || a.projectName.localeCompare(b.projectName)
      )
    return { kind, name: person.name, role: role ?? null, bookings }
  }

  /** Names of the reference lists a view shows (small tables, read whole). */
  protected async names() {
    const statuses = await Status.all()
    const projectStatuses = await ProjectStatus.all()
    const crewRoles = await CrewRole.all()
    const vendorTypes = await VendorType.all()
    const byId = (rows: { id: number; name: string }[]) =>
      new Map(rows.map((row) => [row.id, row.name]))
    const notBooking = new Set(statuses.filter((row) => !row.booksPerson).map((row) => row.id))
    return {
      statuses: byId(statuses),
      /** Whether a booking with this status holds the person (one without a status does). */
      books: (statusId: number | null) => statusId === null || !notBooking.has(statusId),
      projectStatuses: byId(projectStatuses),
      crewRoles: byId(crewRoles),
      vendorTypes: byId(vendorTypes),
    }
  }

  protected async mapOf(locationId: number) {
    const location = await Location.query()
      .withScopes((scopes) => scopes.active())
      .where('id', locationId)
      .first()
    return location && location.lat !== null && location.lng !== null
      ? { lat: location.lat, lng: location.lng }
      : null
  }

  /** Name and address of the locations not in the trash, by id. */
  protected async places(ids: (number | null)[]) {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))]
    const places = new Map<number, Place>()
    if (wanted.length === 0) {
      return places
    }
    const locations = await Location.query()
      .withScopes((scopes) => scopes.active())
      .whereIn('id', wanted)
    for (const location of locations) {
      places.set(location.id, { name: location.name, address: location.address })
    }
    return places
  }
}
