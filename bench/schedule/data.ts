/*
 * The schedule benchmark's data: a year of a busy production company, made
 * the same way every run (a seeded generator). People are booked where they
 * are free, as a scheduler would, except for a few double bookings; some
 * bookings skip a day or carry a note for one.
 */
import type pg from 'pg'
import { seededRandom } from '../../app/services/shared/seeded_random.ts'

export type DataShape = {
  year: number
  crew: number
  vendors: number
  projects: number
  seed: number
}

const FIRST =
  'Ada Ben Cara Dev Eli Fay Gus Hana Ivo Jo Kai Lena Milo Nia Omar Pia Quin Rosa Sami Tara Uma Vik Wren Xavi Yara Zed Alex Bo Cleo Dara'.split(
    ' '
  )
const LAST =
  'Abbott Brook Carver Dunn Ellis Frost Grant Hale Irwin Jensen Keane Lowe Marsh Nolan Ortiz Price Quill Reyes Stone Tate Underwood Vance Webb Young'.split(
    ' '
  )
const ROLES = [
  'Director',
  'Producer',
  'DOP',
  'Gaffer',
  'Grip',
  'Sound',
  'Make-up',
  'Art',
  'Runner',
  'Editor',
]
const VENDOR_TYPES = ['Camera hire', 'Lighting', 'Catering', 'Transport', 'Studio', 'Post house']
const REGIONS = ['North', 'South', 'East', 'West']
const COLOURS = [
  '#2563eb',
  '#16a34a',
  '#dc2626',
  '#9333ea',
  '#ea580c',
  '#0891b2',
  '#ca8a04',
  '#db2777',
]
const NOTES = [
  'Call 07:00',
  'Pick up the van',
  'Half day',
  'Bring the long lens',
  'Night shoot',
  'Travel day',
]

const DAY_MS = 86_400_000

function day(year: number, index: number) {
  return new Date(Date.UTC(year, 0, 1) + index * DAY_MS).toISOString().slice(0, 10)
}

/** Status ids of a fresh database (migration 2): Pencilled, Confirmed, Asked, Declined. */
const STATUSES: [number, number][] = [
  [2, 55],
  [1, 30],
  [3, 10],
  [4, 5],
]
const BOOKS = new Set([1, 2])

export function generate(shape: DataShape) {
  const random = seededRandom(shape.seed)
  const crew = Array.from({ length: shape.crew }, (_, index) => ({
    id: index + 1,
    name: `${random.pick(FIRST)} ${random.pick(LAST)} ${index + 1}`,
    crewRoleId: random.int(1, ROLES.length),
    regionId: random.int(1, REGIONS.length),
    starred: random.next() < 0.1,
  }))
  const vendors = Array.from({ length: shape.vendors }, (_, index) => {
    const type = random.int(1, VENDOR_TYPES.length)
    return {
      id: index + 1,
      name: `${random.pick(LAST)} ${VENDOR_TYPES[type - 1]} ${index + 1}`,
      vendorTypeId: type,
      regionId: random.int(1, REGIONS.length),
      starred: random.next() < 0.1,
    }
  })

  const projects: {
    id: number
    name: string
    startDate: string
    endDate: string
    color: string
    projectStatusId: number
  }[] = []
  const crewBookings: {
    id: number
    projectId: number
    crewId: number
    statusId: number
    crewRoleId: number | null
    sortOrder: number
  }[] = []
  const vendorBookings: {
    id: number
    projectId: number
    vendorId: number
    statusId: number
    sortOrder: number
  }[] = []
  const dayNotes: {
    projectId: number
    crewBookingId: number | null
    vendorBookingId: number | null
    date: string
    note: string | null
    isScheduled: boolean
  }[] = []
  const busy = new Map<string, Set<number>>()
  let doubleBookings = 0

  const starts = Array.from({ length: shape.projects }, () => random.int(0, 364)).sort(
    (a, b) => a - b
  )
  for (const [index, start] of starts.entries()) {
    const length = random.weighted<[number, number]>([
      [[1, 1], 30],
      [[2, 3], 35],
      [[4, 7], 25],
      [[8, 20], 10],
    ])
    const days = random.int(length[0], length[1])
    const project = {
      id: index + 1,
      name: `${random.pick(['Spot', 'Shoot', 'Promo', 'Series', 'Launch', 'Doc'])} ${index + 1}`,
      startDate: day(shape.year, start),
      endDate: day(shape.year, start + days - 1),
      color: random.pick(COLOURS),
      projectStatusId: random.weighted<number>([
        [3, 60],
        [2, 25],
        [1, 10],
        [5, 5],
      ]),
    }
    projects.push(project)

    const size = random.int(2, 15)
    const vendorCount = Math.min(size - 1, random.int(0, 3))
    const wanted = [
      ...Array.from({ length: size - vendorCount }, () => 'crew' as const),
      ...Array.from({ length: vendorCount }, () => 'vendor' as const),
    ]
    const taken = new Set<string>()
    for (const [position, kind] of wanted.entries()) {
      const pool: readonly { id: number }[] = kind === 'crew' ? crew : vendors
      // A scheduler looks for someone free; now and then they book a busy person anyway.
      let chosen: number | null = null
      for (let attempt = 0; attempt < 40 && chosen === null; attempt++) {
        const candidate = random.pick(pool).id
        const key = `${kind}:${candidate}`
        if (taken.has(key)) continue
        const busyDays = busy.get(key)
        const clashes = Array.from({ length: days }, (_, offset) => start + offset).some((d) =>
          busyDays?.has(d)
        )
        if (!clashes || random.next() < 0.03) {
          chosen = candidate
          if (clashes) doubleBookings++
        }
      }
      if (chosen === null) continue
      const key = `${kind}:${chosen}`
      taken.add(key)
      const statusId = random.weighted(STATUSES)
      if (BOOKS.has(statusId)) {
        const set = busy.get(key) ?? new Set<number>()
        for (let offset = 0; offset < days; offset++) set.add(start + offset)
        busy.set(key, set)
      }
      const sortOrder = position + 1
      let crewBookingId: number | null = null
      let vendorBookingId: number | null = null
      if (kind === 'crew') {
        crewBookingId = crewBookings.length + 1
        crewBookings.push({
          id: crewBookingId,
          projectId: project.id,
          crewId: chosen,
          statusId,
          crewRoleId: random.next() < 0.2 ? random.int(1, ROLES.length) : null,
          sortOrder,
        })
      } else {
        vendorBookingId = vendorBookings.length + 1
        vendorBookings.push({
          id: vendorBookingId,
          projectId: project.id,
          vendorId: chosen,
          statusId,
          sortOrder,
        })
      }
      if (days > 1) {
        const offDay = random.next() < 0.12 ? random.int(0, days - 1) : null
        const noteDay = random.next() < 0.2 ? random.int(0, days - 1) : null
        for (const offset of new Set([offDay, noteDay].filter((d) => d !== null))) {
          dayNotes.push({
            projectId: project.id,
            crewBookingId,
            vendorBookingId,
            date: day(shape.year, start + offset),
            note: offset === noteDay ? random.pick(NOTES) : null,
            isScheduled: offset !== offDay,
          })
        }
      }
    }
  }
  return { crew, vendors, projects, crewBookings, vendorBookings, dayNotes, doubleBookings }
}

export type ScheduleData = ReturnType<typeof generate>

/** Inserts column arrays through unnest, in one statement per table. */
async function insert(
  client: pg.Client,
  table: string,
  columns: [name: string, type: string, values: unknown[]][]
) {
  if (columns[0][2].length === 0) return
  const names = columns.map(([name]) => name).join(', ')
  const arrays = columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')
  await client.query(
    `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${arrays})`,
    columns.map(([, , values]) => values)
  )
}

export async function store(client: pg.Client, data: ScheduleData) {
  const { rows } = await client.query('SELECT id, name, books_person FROM statuses ORDER BY id')
  const expected = ['1 Pencilled true', '2 Confirmed true', '3 Asked false', '4 Declined false']
  if (rows.map((row) => `${row.id} ${row.name} ${row.books_person}`).join() !== expected.join()) {
    throw new Error('the statuses of a fresh database are not the ones the generator books with')
  }
  await client.query('BEGIN')
  for (const [table, names] of [
    ['crew_roles', ROLES],
    ['vendor_types', VENDOR_TYPES],
    ['regions', REGIONS],
  ] as const) {
    await insert(client, table, [
      ['id', 'int', names.map((_, index) => index + 1)],
      ['name', 'text', [...names]],
      ['sort_order', 'int', names.map((_, index) => index + 1)],
    ])
  }
  await insert(client, 'crews', [
    ['id', 'int', data.crew.map((row) => row.id)],
    ['name', 'text', data.crew.map((row) => row.name)],
    ['crew_role_id', 'int', data.crew.map((row) => row.crewRoleId)],
    ['region_id', 'int', data.crew.map((row) => row.regionId)],
    ['starred', 'bool', data.crew.map((row) => row.starred)],
  ])
  await insert(client, 'vendors', [
    ['id', 'int', data.vendors.map((row) => row.id)],
    ['name', 'text', data.vendors.map((row) => row.name)],
    ['vendor_type_id', 'int', data.vendors.map((row) => row.vendorTypeId)],
    ['region_id', 'int', data.vendors.map((row) => row.regionId)],
    ['starred', 'bool', data.vendors.map((row) => row.starred)],
  ])
  await insert(client, 'projects', [
    ['id', 'int', data.projects.map((row) => row.id)],
    ['name', 'text', data.projects.map((row) => row.name)],
    ['start_date', 'date', data.projects.map((row) => row.startDate)],
    ['end_date', 'date', data.projects.map((row) => row.endDate)],
    ['color', 'text', data.projects.map((row) => row.color)],
    ['project_status_id', 'int', data.projects.map((row) => row.projectStatusId)],
  ])
  await insert(client, 'project_crew', [
    ['id', 'int', data.crewBookings.map((row) => row.id)],
    ['project_id', 'int', data.crewBookings.map((row) => row.projectId)],
    ['crew_id', 'int', data.crewBookings.map((row) => row.crewId)],
    ['status_id', 'int', data.crewBookings.map((row) => row.statusId)],
    ['crew_role_id', 'int', data.crewBookings.map((row) => row.crewRoleId)],
    ['sort_order', 'int', data.crewBookings.map((row) => row.sortOrder)],
  ])
  await insert(client, 'project_vendor', [
    ['id', 'int', data.vendorBookings.map((row) => row.id)],
    ['project_id', 'int', data.vendorBookings.map((row) => row.projectId)],
    ['vendor_id', 'int', data.vendorBookings.map((row) => row.vendorId)],
    ['status_id', 'int', data.vendorBookings.map((row) => row.statusId)],
    ['sort_order', 'int', data.vendorBookings.map((row) => row.sortOrder)],
  ])
  await insert(client, 'assignment_day_notes', [
    ['project_id', 'int', data.dayNotes.map((row) => row.projectId)],
    ['project_crew_id', 'int', data.dayNotes.map((row) => row.crewBookingId)],
    ['project_vendor_id', 'int', data.dayNotes.map((row) => row.vendorBookingId)],
    ['date', 'date', data.dayNotes.map((row) => row.date)],
    ['note', 'text', data.dayNotes.map((row) => row.note)],
    ['is_scheduled', 'bool', data.dayNotes.map((row) => row.isScheduled)],
  ])
  // Rows came with their ids; the sequences carry on after them.
  for (const table of [
    'crew_roles',
    'vendor_types',
    'regions',
    'crews',
    'vendors',
    'projects',
    'project_crew',
    'project_vendor',
  ]) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`
    )
  }
  await client.query('COMMIT')
  await client.query('ANALYZE')
}
