import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { containsPattern } from '#services/schedule/directory/search_pattern'
import { eachDay, scheduledDays } from '#services/schedule/sharing/share_view'

/*
 * The reads behind every export, in SQL that joins the names in (a status's,
 * a role's…), so a row of a spreadsheet is one row of a query. Lists are
 * read in batches on a keyset (the sort columns of the last row read), so
 * an export of any size holds one batch at a time.
 */

export const BATCH_SIZE = 250

type Row = Record<string, any>

/**
 * Every row `page(after)` gives, batch by batch: `page` reads the rows that
 * sort after `after` (null: from the start), at most BATCH_SIZE of them.
 */
export async function* inBatches<T extends Row>(page: (after: T | null) => Promise<T[]>) {
  let after: T | null = null
  while (true) {
    const rows: T[] = await page(after)
    if (rows.length > 0) {
      yield rows
    }
    if (rows.length < BATCH_SIZE) {
      return
    }
    after = rows[rows.length - 1]
  }
}

/** The projects an export covers: the calendar's range and filters. */
export type ProjectFilter = {
  from?: string
  to?: string
  search?: string
  clientId?: number
  projectStatusId?: number
  locationId?: number
  regionId?: number
}

/** The people of a roster export: crew, vendors or both, and a name search. */
export type PersonFilter = { kind?: 'all' | 'crew' | 'vendor'; personSearch?: string }

/** Directory filters, as GET /api/crew and its siblings take them. */
export type DirectoryFilter = {
  search?: string
  starred?: boolean
  crewRoleId?: number
  vendorTypeId?: number
  locationTypeId?: number
  regionId?: number
}

/** Active projects matching `filter`, as `p`. */
export function projectsQuery(filter: ProjectFilter) {
  const query = db.from('projects as p').whereNull('p.deleted_at')
  if (filter.from) query.where('p.end_date', '>=', filter.from)
  if (filter.to) query.where('p.start_date', '<=', filter.to)
  if (filter.search) query.whereILike('p.name', containsPattern(filter.search))
  if (filter.clientId) query.where('p.client_id', filter.clientId)
  if (filter.projectStatusId) query.where('p.project_status_id', filter.projectStatusId)
  if (filter.locationId) query.where('p.location_id', filter.locationId)
  if (filter.regionId) query.where('p.region_id', filter.regionId)
  return query
}

const ACTIVE_CREW_COUNT = `(select count(*)::int from project_crew pc join crews cr
  on cr.id = pc.crew_id and cr.deleted_at is null where pc.project_id = p.id)`
const ACTIVE_VENDOR_COUNT = `(select count(*)::int from project_vendor pv join vendors v
  on v.id = pv.vendor_id and v.deleted_at is null where pv.project_id = p.id)`

export type ProjectRow = {
  id: number
  name: string
  start_date: string
  end_date: string
  color: string
  notes: string | null
  created_at: Date
  status: string | null
  client: string | null
  client_contact: string | null
  client_email: string | null
  client_phone: string | null
  location: string | null
  location_address: string | null
  region: string | null
  crew_count: number
  vendor_count: number
}

/** Projects with their names joined in, by start date; `after` continues a keyset. */
export function projectRows(
  base: DatabaseQueryBuilderContract,
  after: ProjectRow | null
): Promise<ProjectRow[]> {
  const query = base
    .leftJoin('project_statuses as ps', 'ps.id', 'p.project_status_id')
    .leftJoin('clients as c', 'c.id', 'p.client_id')
    .leftJoin('locations as l', (join) => {
      join.on('l.id', 'p.location_id').andOnNull('l.deleted_at')
    })
    .leftJoin('regions as r', 'r.id', 'p.region_id')
    .select(
      'p.id',
      'p.name',
      'p.start_date',
      'p.end_date',
      'p.color',
      'p.notes',
      'p.created_at',
      'ps.name as status',
      'c.name as client',
      'c.contact_name as client_contact',
      'c.email as client_email',
      'c.phone as client_phone',
      'l.name as location',
      'l.address as location_address',
      'r.name as region',
      db.raw(`${ACTIVE_CREW_COUNT} as crew_count`),
      db.raw(`${ACTIVE_VENDOR_COUNT} as vendor_count`)
    )
    .orderBy('p.start_date')
    .orderBy('p.id')
    .limit(BATCH_SIZE)
  if (after) {
    query.whereRaw('(p.start_date, p.id) > (?, ?)', [after.start_date, after.id])
  }
  return query as unknown as Promise<ProjectRow[]>
}

export type RosterRow = {
  project_id: number
  kind: 'crew' | 'vendor'
  id: number
  person_id: number
  name: string
  role: string | null
  status: string | null
  notes: string | null
  sort_order: number
  /** The project's days this booking works, and its notes by day. */
  days: string[]
  day_notes: Record<string, string>
  /** The project's days it does not work. */
  days_off: string[]
}

type Dated = { id: number; start_date: string; end_date: string }

/**
 * The rosters of `projects` (crew and vendors not in the trash, in the
 * roster's one order), each booking with its working days and day notes.
 */
export async function rosterRows(projects: Dated[], people: PersonFilter = {}) {
  if (projects.length === 0) {
    return []
  }
  const ids = projects.map((project) => project.id)
  const pattern = people.personSearch ? containsPattern(people.personSearch) : null
  /* One side of the roster: its junction, the people's table and where the role's name comes from. */
  const bookings = (junction: string, table: string, person: string, role: [string, any]) =>
    db
      .from(`${junction} as a`)
      .join(`${table} as x`, (join) => join.on('x.id', `a.${person}`).andOnNull('x.deleted_at'))
      .leftJoin(`${role[0]} as role`, 'role.id', role[1])
      .leftJoin('statuses as st', 'st.id', 'a.status_id')
      .whereIn('a.project_id', ids)
      .if(pattern, (query) => query.whereILike('x.name', pattern!))
      .select(
        'a.project_id',
        'a.id',
        `a.${person} as person_id`,
        'x.name',
        'role.name as role',
        'st.name as status',
        'a.notes',
        'a.sort_order'
      )
  // A crew booking's own role wins over the person's usual one.
  const crew =
    people.kind === 'vendor'
      ? []
      : await bookings('project_crew', 'crews', 'crew_id', [
          'crew_roles',
          db.raw('coalesce(a.crew_role_id, x.crew_role_id)'),
        ])
  const vendors =
    people.kind === 'crew'
      ? []
      : await bookings('project_vendor', 'vendors', 'vendor_id', [
          'vendor_types',
          'x.vendor_type_id',
        ])
  const notes: {
    project_crew_id: number | null
    project_vendor_id: number | null
    date: string
    note: string | null
    is_scheduled: boolean
  }[] = await db
    .from('assignment_day_notes')
    .whereIn('project_id', ids)
    .select('project_crew_id', 'project_vendor_id', 'date', 'note', 'is_scheduled')
    .orderBy('date')
  const byProject = new Map(projects.map((project) => [project.id, project]))
  const notesOf = (kind: 'crew' | 'vendor', id: number) =>
    notes
      .filter((row) => (kind === 'crew' ? row.project_crew_id : row.project_vendor_id) === id)
      .map((row) => ({ date: row.date, note: row.note, isScheduled: row.is_scheduled }))
  const entries = [
    ...crew.map((row) => ({ ...row, kind: 'crew' as const })),
    ...vendors.map((row) => ({ ...row, kind: 'vendor' as const })),
  ].map((row): RosterRow => {
    const project = byProject.get(row.project_id)!
    const booking = scheduledDays(project.start_date, project.end_date, notesOf(row.kind, row.id))
    const working = new Set(booking.days)
    const daysOff = eachDay(project.start_date, project.end_date).filter((day) => !working.has(day))
    return { ...row, days: booking.days, day_notes: booking.notes, days_off: daysOff }
  })
  const order = new Map(ids.map((id, index) => [id, index]))
  return entries.sort(
    (a, b) =>
      order.get(a.project_id)! - order.get(b.project_id)! ||
      a.sort_order - b.sort_order ||
      a.kind.localeCompare(b.kind) ||
      a.id - b.id
  )
}

/**
 * A directory's table, how its rows join their list names, and the columns
 * its search looks in (those of the directory page's search it has).
 */
export type DirectoryKind = 'crew' | 'vendors' | 'locations' | 'clients'

const DIRECTORY_TABLES: Record<
  DirectoryKind,
  { table: string; lists: [table: string, column: string, as: string][]; search: string[] }
> = {
  crew: {
    table: 'crews',
    lists: [
      ['crew_roles', 'crew_role_id', 'role'],
      ['regions', 'region_id', 'region'],
    ],
    search: ['name', 'email', 'phone'],
  },
  vendors: {
    table: 'vendors',
    lists: [
      ['vendor_types', 'vendor_type_id', 'type'],
      ['regions', 'region_id', 'region'],
    ],
    search: ['name', 'contact_name', 'email', 'phone', 'address'],
  },
  locations: {
    table: 'locations',
    lists: [
      ['location_types', 'location_type_id', 'type'],
      ['regions', 'region_id', 'region'],
    ],
    search: ['name', 'address'],
  },
  clients: { table: 'clients', lists: [], search: ['name', 'contact_name', 'email', 'phone'] },
}

const EXACT_FILTERS = [
  'starred',
  'crewRoleId',
  'vendorTypeId',
  'locationTypeId',
  'regionId',
] as const

/** The directory's records (not in the trash) matching `filter`, as `x`. */
export function directoryQuery(kind: DirectoryKind, filter: DirectoryFilter) {
  const { table, search } = DIRECTORY_TABLES[kind]
  const query = db.from(`${table} as x`)
  if (kind !== 'clients') query.whereNull('x.deleted_at')
  if (filter.search) {
    const pattern = containsPattern(filter.search)
    query.where((match) => {
      for (const column of search) match.orWhereILike(`x.${column}`, pattern)
    })
  }
  for (const key of EXACT_FILTERS) {
    const value = filter[key]
    if (value !== undefined) {
      query.where(`x.${key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`, value)
    }
  }
  return query
}

/** Directory records with their list names, by name; `after` continues a keyset. */
export function directoryRows(
  kind: DirectoryKind,
  base: DatabaseQueryBuilderContract,
  after: Row | null
) {
  const query = base.select('x.*', db.raw('lower(x.name) as sort_name'))
  for (const [table, column, as] of DIRECTORY_TABLES[kind].lists) {
    query.leftJoin(`${table} as ${as}_list`, `${as}_list.id`, `x.${column}`)
    query.select(`${as}_list.name as ${as}`)
  }
  query.orderByRaw('lower(x.name), x.id').limit(BATCH_SIZE)
  if (after) {
    query.whereRaw('(lower(x.name), x.id) > (?, ?)', [after.sort_name, after.id])
  }
  return query as unknown as Promise<Row[]>
}

/** Every active project matching `filter`, read batch by batch (an item's own projects). */
export async function allProjects(
  filter: ProjectFilter,
  narrow?: (query: DatabaseQueryBuilderContract) => void
) {
  const projects: ProjectRow[] = []
  for await (const batch of inBatches<ProjectRow>((after) => {
    const query = projectsQuery(filter)
    narrow?.(query)
    return projectRows(query, after)
  })) {
    projects.push(...batch)
  }
  return projects
}

/** A person's bookings on active projects ending on or after `since`, by start date. */
export async function bookingsOf(kind: 'crew' | 'vendor', personId: number, since: string) {
  const junction = kind === 'crew' ? 'project_crew' : 'project_vendor'
  const column = kind === 'crew' ? 'crew_id' : 'vendor_id'
  const projects = await allProjects({ from: since }, (query) =>
    query.whereIn('p.id', db.from(junction).where(column, personId).select('project_id'))
  )
  const roster = await rosterRows(projects, { kind })
  const ownRows = roster.filter((row) => row.person_id === personId)
  return ownRows.map((row) => ({
    booking: row,
    project: projects.find((project) => project.id === row.project_id)!,
  }))
}
