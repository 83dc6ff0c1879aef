import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import AppUser from '#models/schedule/app_user'
import { Clients } from '#services/schedule/directory/clients'
import { ConflictFinder } from '#services/schedule/calendar/conflict_finder'
import { ConflictResolutions } from '#services/schedule/calendar/conflict_resolutions'
import { CrewDirectory } from '#services/schedule/directory/crew_directory'
import { CrewVendorLinks } from '#services/schedule/directory/crew_vendor_links'
import { DayInfos } from '#services/schedule/projects/day_info'
import { DayNotes } from '#services/schedule/projects/day_notes'
import {
  DEMO_CLIENTS,
  DEMO_COMPANY_NAME,
  DEMO_CREW,
  DEMO_CREW_ROLES,
  DEMO_CREW_VENDOR_LINKS,
  DEMO_DAY_NOTES,
  DEMO_LOCATION_TYPES,
  DEMO_LOCATIONS,
  DEMO_PROJECTS,
  DEMO_REGIONS,
  DEMO_RESOLUTION,
  DEMO_RESOURCE_NOTES,
  DEMO_ROSTER_TEMPLATES,
  DEMO_TASKS,
  DEMO_TRASHED_LOCATION,
  DEMO_TRASHED_PROJECT,
  DEMO_VENDOR_TYPES,
  DEMO_VENDORS,
  type DemoBookingStatus,
  type DemoLocation,
  type DemoProject,
  type DemoProjectStatus,
  type DemoRole,
} from '#services/schedule/demo/demo_company_catalogue'
import { Locations } from '#services/schedule/directory/locations'
import { addDays, today } from '#services/schedule/projects/project_days'
import type { ResourceKind } from '#services/schedule/projects/project_records'
import { ProjectTasks } from '#services/schedule/projects/project_tasks'
import { Projects } from '#services/schedule/projects/projects'
import {
  ReferenceLists,
  type ReferenceListName,
} from '#services/schedule/directory/reference_lists'
import { ResourceDirectory } from '#services/schedule/directory/resource_directory'
import { ResourceNotes } from '#services/schedule/directory/resource_notes'
import { Roster } from '#services/schedule/projects/roster'
import { ScheduleSettings } from '#services/schedule/settings/schedule_settings'
import { ShareLinks } from '#services/schedule/sharing/share_links'
import { VendorDirectory } from '#services/schedule/directory/vendor_directory'
import { seededRandom, type SeededRandom } from '#services/shared/seeded_random'

/** The same seed every time: today's demo looks like yesterday's, a week on. */
const DEMO_SEED = 20_250_601

const BOOKING_STATUSES: Record<DemoBookingStatus, { booksPerson: boolean }> = {
  Pencilled: { booksPerson: true },
  Confirmed: { booksPerson: true },
  Asked: { booksPerson: false },
  Declined: { booksPerson: false },
}

/** How sure the people on a project are, by how sure the project is. */
const STATUS_MIX: Record<DemoProjectStatus, [DemoBookingStatus, number][]> = {
  Wrapped: [['Confirmed', 1]],
  Confirmed: [
    ['Confirmed', 85],
    ['Pencilled', 15],
  ],
  Tentative: [
    ['Pencilled', 65],
    ['Confirmed', 20],
    ['Asked', 10],
    ['Declined', 5],
  ],
  Enquiry: [
    ['Asked', 55],
    ['Pencilled', 45],
  ],
  Cancelled: [['Declined', 1]],
}

export type PlannedDay = { date: string; note: string | null; isScheduled: boolean }

export type PlannedBooking = {
  kind: ResourceKind
  name: string
  role: DemoRole | null
  status: DemoBookingStatus
  days: PlannedDay[]
}

export type PlannedProject = DemoProject & {
  startDate: string
  endDate: string
  bookings: PlannedBooking[]
}

/** Busy days per person, keyed `crew:<name>` or `vendor:<name>`. */
export type BusyDays = Map<string, Set<string>>

/** The Monday of the week `day` falls in: the demo moves by whole weeks, so weekdays stay put. */
export function weekStart(day: string) {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  return addDays(day, -((weekday + 6) % 7))
}

function projectDates(project: DemoProject, anchor: string) {
  return Array.from({ length: project.days }, (_, offset) =>
    addDays(anchor, project.start + offset)
  )
}

/**
 * Who works on which project, decided as a scheduler would: for each role a
 * project needs, someone with that role who is free on all its days (the
 * days in `busy` count as taken), in a seeded random order. The bookings
 * fixed in the catalogue come first and are the only double bookings.
 */
export function planDemoProjects(
  anchor: string,
  busy: BusyDays = new Map(),
  random: SeededRandom = seededRandom(DEMO_SEED)
): PlannedProject[] {
  const taken: BusyDays = new Map([...busy].map(([key, days]) => [key, new Set(days)]))
  const occupy = (key: string, dates: string[]) => {
    const days = taken.get(key) ?? new Set<string>()
    dates.forEach((date) => days.add(date))
    taken.set(key, days)
  }
  const isFree = (key: string, dates: string[]) => !dates.some((date) => taken.get(key)?.has(date))

  for (const project of DEMO_PROJECTS) {
    for (const fixed of project.fixed ?? []) {
      if (BOOKING_STATUSES[fixed.status].booksPerson) {
        occupy(`${fixed.kind}:${fixed.name}`, projectDates(project, anchor))
      }
    }
  }

  return DEMO_PROJECTS.map((project) => {
    const dates = projectDates(project, anchor)
    const template = DEMO_ROSTER_TEMPLATES[project.shoot]
    const fixed = [...(project.fixed ?? [])]
    const onProject = new Set<string>()
    const bookings: PlannedBooking[] = []

    const book = (
      kind: ResourceKind,
      name: string,
      role: DemoRole | null,
      status: DemoBookingStatus,
      isFixed: boolean
    ) => {
      onProject.add(`${kind}:${name}`)
      bookings.push({
        kind,
        name,
        role,
        status,
        days: isFixed ? [] : plannedDays(dates, random),
      })
    }

    /** Books someone of `names` with a status drawn for the project; a free one if it books. */
    const fill = (kind: ResourceKind, names: string[], role: DemoRole | null) => {
      const status = random.weighted(STATUS_MIX[project.status])
      const candidates = random.shuffled(names).filter((name) => !onProject.has(`${kind}:${name}`))
      const books = BOOKING_STATUSES[status].booksPerson
      const chosen = books
        ? candidates.find((name) => isFree(`${kind}:${name}`, dates))
        : candidates[0]
      if (chosen) {
        if (books) {
          occupy(`${kind}:${chosen}`, dates)
        }
        book(kind, chosen, role, status, false)
      }
    }

    for (const role of template.roles) {
      const index = fixed.findIndex((entry) => entry.kind === 'crew' && entry.role === role)
      if (index >= 0) {
        const [entry] = fixed.splice(index, 1)
        book('crew', entry.name, role, entry.status, true)
        continue
      }
      fill(
        'crew',
        DEMO_CREW.filter((member) => member.role === role).map((member) => member.name),
        role
      )
    }
    for (const entry of fixed.filter((candidate) => candidate.kind === 'crew')) {
      book('crew', entry.name, entry.kind === 'crew' ? entry.role : null, entry.status, true)
    }
    for (const type of template.vendors) {
      fill(
        'vendor',
        DEMO_VENDORS.filter((vendor) => vendor.type === type).map((vendor) => vendor.name),
        null
      )
    }
    for (const entry of fixed.filter((candidate) => candidate.kind === 'vendor')) {
      book('vendor', entry.name, null, entry.status, true)
    }
    return { ...project, startDate: dates[0], endDate: dates.at(-1)!, bookings }
  })
}

/*
 * Now and then a day off (an unscheduled day) or a note for one day. Fixed
 * bookings get neither, so a day off never hides a deliberate double booking.
 */
function plannedDays(dates: string[], random: SeededRandom): PlannedDay[] {
  if (dates.length < 2) {
    return []
  }
  const days: PlannedDay[] = []
  const offDay = random.next() < 0.15 ? random.int(0, dates.length - 1) : null
  const noteDay = random.next() < 0.2 ? random.int(0, dates.length - 1) : null
  if (offDay !== null) {
    days.push({ date: dates[offDay], note: null, isScheduled: false })
  }
  if (noteDay !== null && noteDay !== offDay) {
    days.push({ date: dates[noteDay], note: random.pick(DEMO_DAY_NOTES), isScheduled: true })
  }
  return days
}

/** What a day of a shoot is called on the project's day information. */
function dayTitle(project: DemoProject, offset: number) {
  if (project.shoot === 'session' && project.days > 1) {
    return offset === 0 ? 'Rig and soundcheck' : 'Live session'
  }
  if (project.shoot === 'commercial' && project.days >= 3) {
    return offset === 0 ? 'Prep and rig' : `Shoot day ${offset}`
  }
  if (project.shoot === 'documentary') {
    return `Filming day ${offset + 1}`
  }
  return project.days === 1 ? 'Shoot day' : `Shoot day ${offset + 1}`
}

export type DemoCompanySummary = {
  companyName: string
  crew: number
  vendors: number
  clients: number
  locations: number
  projects: number
  bookings: number
  dayNotes: number
  openConflicts: number
  resolvedConflicts: number
  from: string
  to: string
}

type Ids = Map<string, number>

/**
 * Northlight Pictures, a demo production company, made through schedule's
 * own services so it obeys the same rules as anything a person enters:
 * reference lists, clients, locations, crew and vendors, then about three
 * months of projects around the current week with rosters, statuses, day
 * notes, unscheduled days, day information, tasks, notes, share links and
 * a few double bookings (one of them resolved). Every change is logged in
 * the activity log under the admin it runs as.
 *
 * Records that already exist by name (a second run with --force) are used
 * as they are; projects are always added, booking people where they are
 * free beside what the database already holds.
 */
@inject()
export class DemoCompany {
  constructor(
    protected lists: ReferenceLists,
    protected clients: Clients,
    protected locations: Locations,
    protected crew: CrewDirectory,
    protected vendors: VendorDirectory,
    protected projects: Projects,
    protected roster: Roster,
    protected dayNotes: DayNotes,
    protected dayInfos: DayInfos,
    protected tasks: ProjectTasks,
    protected notes: ResourceNotes,
    protected links: CrewVendorLinks,
    protected shares: ShareLinks,
    protected resolutions: ConflictResolutions,
    protected conflicts: ConflictFinder,
    protected settings: ScheduleSettings
  ) {}

  /** Projects in the database, the trash included: the demo refuses to mix in unless forced. */
  async projectCount() {
    const row = await db.from('projects').count('* as total').first()
    return Number(row?.total ?? 0)
  }

  /** The admin the demo's changes are logged under: the oldest one. */
  actor() {
    return AppUser.query().where('role', 'admin').orderBy('created_at').orderBy('id').first()
  }

  async create(
    actor: AppUser,
    options: { today?: string; log?: (line: string) => void } = {}
  ): Promise<DemoCompanySummary> {
    const log = options.log ?? (() => {})
    const anchor = weekStart(options.today ?? today())

    log('reference lists: crew roles, vendor and location types, regions, statuses')
    const roles = await this.ensureList('crew-roles', DEMO_CREW_ROLES, actor)
    const vendorTypes = await this.ensureList('vendor-types', DEMO_VENDOR_TYPES, actor)
    const locationTypes = await this.ensureList('location-types', DEMO_LOCATION_TYPES, actor)
    const regions = await this.ensureList('regions', DEMO_REGIONS, actor)
    const statuses = await this.ensureList(
      'statuses',
      Object.keys(BOOKING_STATUSES),
      actor,
      (name) => ({
        booksPerson: BOOKING_STATUSES[name as DemoBookingStatus].booksPerson,
      })
    )
    const projectStatuses = await this.ensureList(
      'project-statuses',
      ['Enquiry', 'Tentative', 'Confirmed', 'Wrapped', 'Cancelled'],
      actor
    )

    log(`clients: ${DEMO_CLIENTS.length}`)
    const existingClients = await this.clients.list()
    const clientIds: Ids = new Map(
      existingClients.map((client) => [client.name.toLowerCase(), client.id])
    )
    let clientsAdded = 0
    for (const client of DEMO_CLIENTS) {
      if (!clientIds.has(client.name.toLowerCase())) {
        const created = await this.clients.create(
          {
            name: client.name,
            contactName: client.contactName,
            email: `${asciiWords(client.contactName).join('.')}@${asciiWords(client.name).join('')}.example.com`,
            notes: client.notes ?? null,
          },
          actor
        )
        clientIds.set(client.name.toLowerCase(), created.id)
        clientsAdded++
      }
    }

    log(`locations: ${DEMO_LOCATIONS.length}`)
    const locationFields = (location: DemoLocation) => ({
      name: location.name,
      address: location.address,
      lat: location.lat,
      lng: location.lng,
      locationTypeId: locationTypes.get(location.type.toLowerCase())!,
      regionId: regions.get(location.region.toLowerCase())!,
    })
    const { ids: locationIds, added: newLocations } = await this.ensureRecords(
      this.locations,
      DEMO_LOCATIONS,
      locationFields,
      actor
    )

    log(`crew: ${DEMO_CREW.length}`)
    const { ids: crewIds, added: newCrew } = await this.ensureRecords(
      this.crew,
      DEMO_CREW,
      (member, index) => ({
        name: member.name,
        phone: `+44 7700 900${String(101 + index).padStart(3, '0')}`,
        email: `${asciiWords(member.name).join('.')}@example.com`,
        pronouns: member.pronouns ?? null,
        vehicle: member.vehicle ?? null,
        dietary: member.dietary ?? null,
        howWeMet: member.howWeMet ?? null,
        notes: member.notes ?? null,
        crewRoleId: roles.get(member.role.toLowerCase())!,
        regionId: regions.get(member.region.toLowerCase())!,
        starred: member.starred ?? false,
      }),
      actor
    )

    log(`vendors: ${DEMO_VENDORS.length}`)
    const { ids: vendorIds, added: newVendors } = await this.ensureRecords(
      this.vendors,
      DEMO_VENDORS,
      (vendor, index) => ({
        name: vendor.name,
        contactName: vendor.contactName,
        phone: `+44 20 7946 0${String(101 + index).padStart(3, '0')}`,
        email: `bookings@${new URL(vendor.website).hostname}`,
        website: vendor.website,
        address: vendor.address,
        notes: vendor.notes ?? null,
        vendorTypeId: vendorTypes.get(vendor.type.toLowerCase())!,
        regionId: regions.get(vendor.region.toLowerCase())!,
        starred: vendor.starred ?? false,
      }),
      actor
    )

    const plan = planDemoProjects(
      anchor,
      await this.busyDays(addDays(anchor, -40), addDays(anchor, 70))
    )
    const projectIds: Ids = new Map()
    let bookings = 0
    let dayNotes = 0
    for (const [index, project] of plan.entries()) {
      log(
        `project ${index + 1}/${plan.length}: ${project.name} (${project.bookings.length} booked)`
      )
      const created = await this.projects.create(actor, {
        name: project.name,
        startDate: project.startDate,
        endDate: project.endDate,
        color: project.color,
        notes: project.notes ?? null,
        clientId: project.client ? clientIds.get(project.client.toLowerCase())! : null,
        locationId: project.location ? locationIds.get(project.location)! : null,
        projectStatusId: projectStatuses.get(project.status.toLowerCase())!,
      })
      projectIds.set(project.name, created.id)
      for (const booking of project.bookings) {
        const resourceId =
          booking.kind === 'crew' ? crewIds.get(booking.name)! : vendorIds.get(booking.name)!
        const { entry } = await this.roster.add(actor, created.id, booking.kind, resourceId, {
          statusId: statuses.get(booking.status.toLowerCase())!,
          ...(booking.kind === 'crew'
            ? { crewRoleId: booking.role ? roles.get(booking.role.toLowerCase())! : null }
            : {}),
        })
        bookings++
        for (const day of booking.days) {
          await this.dayNotes.put(actor, {
            kind: booking.kind,
            assignmentId: entry.id,
            date: day.date,
            note: day.note,
            isScheduled: day.isScheduled,
          })
          dayNotes++
        }
      }
      await this.describeDays(actor, created.id, project, locationIds)
      await this.addTasks(actor, created.id, project, index)
    }

    log('notes, vendor links, share links and the trash')
    await this.resolveDemoConflict(actor, projectIds, crewIds, plan)
    for (const note of DEMO_RESOURCE_NOTES) {
      const added = { crew: newCrew, vendor: newVendors, location: newLocations }[note.kind]
      const ids = { crew: crewIds, vendor: vendorIds, location: locationIds }[note.kind]
      if (added.has(note.name)) {
        await this.notes.create(
          {
            resourceType: note.kind,
            resourceId: ids.get(note.name)!,
            body: note.body,
            pinned: note.pinned,
          },
          actor
        )
      }
    }
    for (const link of DEMO_CREW_VENDOR_LINKS) {
      if (newCrew.has(link.crew) || newVendors.has(link.vendor)) {
        await this.links.create(
          {
            crewId: crewIds.get(link.crew)!,
            vendorId: vendorIds.get(link.vendor)!,
            notes: link.notes,
          },
          actor
        )
      }
    }
    await this.shares.create(actor, {
      resourceType: 'project',
      resourceId: projectIds.get('Night Shift (TV pilot)')!,
      label: 'For the broadcaster',
    })
    if (newCrew.has('Zoë Ångström')) {
      await this.shares.create(actor, {
        resourceType: 'crew',
        resourceId: crewIds.get('Zoë Ångström')!,
        label: "Zoë's bookings",
      })
    }
    await this.addToTrash(actor, anchor, {
      clientIds,
      projectStatuses,
      locationTypes,
      regions,
      locationIds,
    })

    const { company_name: companyName } = await this.settings.values(['company_name'])
    if (!companyName) {
      await this.settings.update({ company_name: DEMO_COMPANY_NAME })
    }

    const from = plan[0].startDate
    const to = plan.at(-1)!.endDate
    const conflicts = await this.conflicts.find({ from, to, includeResolved: true })
    return {
      companyName: DEMO_COMPANY_NAME,
      crew: newCrew.size,
      vendors: newVendors.size,
      clients: clientsAdded,
      locations: newLocations.size,
      projects: plan.length,
      bookings,
      dayNotes,
      openConflicts: conflicts.filter((conflict) => !conflict.resolution).length,
      resolvedConflicts: conflicts.filter((conflict) => conflict.resolution).length,
      from,
      to,
    }
  }

  /** The list's ids by lower-cased name, adding the names it lacks. */
  protected async ensureList(
    list: ReferenceListName,
    names: readonly string[],
    actor: AppUser,
    extra: (name: string) => { booksPerson?: boolean } = () => ({})
  ): Promise<Ids> {
    const rows = await this.lists.list(list)
    const ids: Ids = new Map(rows.map((row) => [row.name.toLowerCase(), row.id]))
    for (const name of names) {
      if (!ids.has(name.toLowerCase())) {
        const row = await this.lists.create(list, { name, ...extra(name) }, actor)
        ids.set(name.toLowerCase(), row.id)
      }
    }
    return ids
  }

  /** Active records by name, adding the missing ones; `added` names those this run made. */
  protected async ensureRecords<Item extends { name: string }, Fields extends { name?: string }>(
    directory: ResourceDirectory<Fields>,
    items: Item[],
    fields: (item: Item, index: number) => Fields & { name: string },
    actor: AppUser
  ) {
    const rows = await directory.list({})
    const ids: Ids = new Map(rows.map((row) => [row.name, row.id]))
    const added = new Set<string>()
    for (const [index, item] of items.entries()) {
      if (!ids.has(item.name)) {
        const created = await directory.create(fields(item, index), actor)
        ids.set(item.name, created.id)
        added.add(item.name)
      }
    }
    return { ids, added }
  }

  /** Days people are already booked (a status that books them), by name. */
  protected async busyDays(from: string, to: string): Promise<BusyDays> {
    const result = await db.rawQuery(
      `SELECT 'crew' AS kind, person.name, day
         FROM project_crew a
         JOIN crews person ON person.id = a.crew_id AND person.deleted_at IS NULL
         JOIN projects p ON p.id = a.project_id AND p.deleted_at IS NULL
         LEFT JOIN statuses s ON s.id = a.status_id
         CROSS JOIN LATERAL generate_series(greatest(p.start_date, CAST(:from AS date)),
           least(p.end_date, CAST(:to AS date)), interval '1 day') AS day
        WHERE s.books_person IS NOT FALSE
       UNION ALL
       SELECT 'vendor' AS kind, person.name, day
         FROM project_vendor a
         JOIN vendors person ON person.id = a.vendor_id AND person.deleted_at IS NULL
         JOIN projects p ON p.id = a.project_id AND p.deleted_at IS NULL
         LEFT JOIN statuses s ON s.id = a.status_id
         CROSS JOIN LATERAL generate_series(greatest(p.start_date, CAST(:from AS date)),
           least(p.end_date, CAST(:to AS date)), interval '1 day') AS day
        WHERE s.books_person IS NOT FALSE`,
      { from, to }
    )
    const busy: BusyDays = new Map()
    for (const row of result.rows as { kind: string; name: string; day: Date }[]) {
      const key = `${row.kind}:${row.name}`
      const days = busy.get(key) ?? new Set<string>()
      days.add(new Date(row.day).toISOString().slice(0, 10))
      busy.set(key, days)
    }
    return busy
  }

  protected async describeDays(
    actor: AppUser,
    projectId: number,
    project: PlannedProject,
    locationIds: Ids
  ) {
    if (project.shoot === 'none') {
      return
    }
    const [call, wrap] = project.hours ?? ['07:00', '19:00']
    for (let offset = 0; offset < project.days; offset++) {
      const title = dayTitle(project, offset)
      const prep = title === 'Prep and rig' || title === 'Rig and soundcheck'
      await this.dayInfos.put(actor, projectId, addDays(project.startDate, offset), {
        title,
        callTime: prep ? '09:00' : call,
        wrapTime: prep ? '18:00' : wrap,
        locationId: project.location ? locationIds.get(project.location)! : null,
        notes: offset === 0 && project.notes ? project.notes : null,
      })
    }
  }

  protected async addTasks(actor: AppUser, projectId: number, project: DemoProject, index: number) {
    if (project.status === 'Cancelled') {
      return
    }
    const wrapped = project.status === 'Wrapped'
    const texts = wrapped
      ? DEMO_TASKS.wrapped
      : [0, 1, 2].map((step) => DEMO_TASKS.upcoming[(index + step) % DEMO_TASKS.upcoming.length])
    const done = wrapped ? texts.length : project.status === 'Confirmed' ? 1 : 0
    for (const [position, text] of texts.entries()) {
      const task = await this.tasks.create({ projectId, text }, actor)
      if (position < done) {
        await this.tasks.update(task.id, { completed: true }, actor)
      }
    }
  }

  /** Marks the catalogue's resolved double booking as resolved, with its note. */
  protected async resolveDemoConflict(
    actor: AppUser,
    projectIds: Ids,
    crewIds: Ids,
    plan: PlannedProject[]
  ) {
    const project = plan.find((candidate) => candidate.name === DEMO_RESOLUTION.project)!
    const resourceId = crewIds.get(DEMO_RESOLUTION.crew)!
    const [conflict] = await this.conflicts.find({
      from: project.startDate,
      to: project.startDate,
      resource: { kind: 'crew', id: resourceId },
      projectId: projectIds.get(project.name)!,
    })
    if (conflict) {
      await this.resolutions.resolve(actor, {
        kind: 'crew',
        resourceId,
        date: conflict.date,
        projectIds: conflict.projectIds,
        note: DEMO_RESOLUTION.note,
      })
    }
  }

  /** A dropped pitch and a dropped location, so the trash has something to restore. */
  protected async addToTrash(
    actor: AppUser,
    anchor: string,
    ids: {
      clientIds: Ids
      projectStatuses: Ids
      locationTypes: Ids
      regions: Ids
      locationIds: Ids
    }
  ) {
    const project = DEMO_TRASHED_PROJECT
    const pitch = await this.projects.create(actor, {
      name: project.name,
      startDate: addDays(anchor, project.start),
      endDate: addDays(anchor, project.start + project.days - 1),
      color: project.color,
      clientId: project.client ? ids.clientIds.get(project.client.toLowerCase())! : null,
      projectStatusId: ids.projectStatuses.get(project.status.toLowerCase())!,
    })
    await this.projects.trash(actor, pitch.id)
    if (!ids.locationIds.has(DEMO_TRASHED_LOCATION.name)) {
      const location = DEMO_TRASHED_LOCATION
      const created = await this.locations.create(
        {
          name: location.name,
          address: location.address,
          lat: location.lat,
          lng: location.lng,
          locationTypeId: ids.locationTypes.get(location.type.toLowerCase())!,
          regionId: ids.regions.get(location.region.toLowerCase())!,
        },
        actor
      )
      await this.locations.trash(created.id, actor)
    }
  }
}

/** "Zoë Ångström" → ['zoe', 'angstrom']: ASCII words for example addresses. */
function asciiWords(text: string) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/gi, 'l')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}
