import {
  BATCH_SIZE,
  directoryQuery,
  directoryRows,
  inBatches,
  projectRows,
  projectsQuery,
  rosterRows,
  type DirectoryFilter,
  type DirectoryKind,
  type PersonFilter,
  type ProjectFilter,
  type ProjectRow,
} from '#services/schedule/exports/export_queries'
import {
  ItemDocuments,
  dayNotesText,
  dayRanges,
  type ItemDocument,
} from '#services/schedule/exports/item_documents'
import { daysBetween } from '#services/schedule/projects/project_days'
import { containsPattern } from '#services/schedule/directory/search_pattern'

/*
 * The bulk exports: for each kind, its columns (with a type, so a
 * spreadsheet gets real dates and numbers), how many items it holds, its
 * rows batch by batch, and its items as documents (the zip of Markdown).
 * A new kind is one more entry in EXPORT_TABLES.
 */

export const BULK_KINDS = [
  'projects',
  'crew',
  'vendors',
  'locations',
  'clients',
  'rosters',
] as const
export type BulkKind = (typeof BULK_KINDS)[number]

export type CellType = 'text' | 'number' | 'day' | 'timestamp' | 'boolean'
export type Cell = string | number | boolean | Date | null

export type ExportColumn = {
  key: string
  header: string
  type: CellType
  /** Spreadsheet width in characters. */
  width: number
  /** Share of a PDF table's width; columns without one stay out of the PDF. */
  pdf?: number
}

export type ExportRow = Record<string, Cell>

export type ExportFilter = ProjectFilter & PersonFilter & DirectoryFilter

export type ExportTable = {
  kind: BulkKind
  /** "Projects": the PDF's title, the sheet's name. */
  title: string
  columns: ExportColumn[]
  count(): Promise<number>
  rows(): AsyncGenerator<ExportRow[]>
  documents(): AsyncGenerator<ItemDocument[]>
}

const text = (key: string, header: string, width: number, pdf?: number): ExportColumn => ({
  key,
  header,
  type: 'text',
  width,
  pdf,
})

/**
 * Each item's document after the one before: a document's reads would share
 * one client inside a transaction, which runs one query at a time.
 */
async function inTurn<Item, Result>(items: Item[], make: (item: Item) => Promise<Result>) {
  const results: Result[] = []
  for (const item of items) {
    results.push(await make(item))
  }
  return results
}

async function countOf(query: { count: (column: string) => any }) {
  const [row] = await query.count('* as total')
  return Number(row.total)
}

function projectsTable(filter: ExportFilter, documents: ItemDocuments): ExportTable {
  const batches = () => inBatches<ProjectRow>((after) => projectRows(projectsQuery(filter), after))
  return {
    kind: 'projects',
    title: 'Projects',
    columns: [
      { key: 'id', header: 'ID', type: 'number', width: 8 },
      text('name', 'Name', 32, 3),
      { key: 'startDate', header: 'Start', type: 'day', width: 12, pdf: 1.7 },
      { key: 'endDate', header: 'End', type: 'day', width: 12, pdf: 1.7 },
      { key: 'days', header: 'Days', type: 'number', width: 7, pdf: 0.4 },
      text('status', 'Status', 14, 1.4),
      text('client', 'Client', 24, 2),
      text('location', 'Location', 24, 2),
      text('region', 'Region', 14),
      { key: 'crew', header: 'Crew', type: 'number', width: 7, pdf: 0.4 },
      { key: 'vendors', header: 'Vendors', type: 'number', width: 9, pdf: 0.4 },
      text('color', 'Colour', 10),
      text('notes', 'Notes', 40, 3),
      { key: 'createdAt', header: 'Created', type: 'timestamp', width: 20 },
    ],
    count: () => countOf(projectsQuery(filter)),
    async *rows() {
      for await (const batch of batches()) {
        yield batch.map((project) => ({
          id: project.id,
          name: project.name,
          startDate: project.start_date,
          endDate: project.end_date,
          days: daysBetween(project.start_date, project.end_date) + 1,
          status: project.status,
          client: project.client,
          location: project.location,
          region: project.region,
          crew: project.crew_count,
          vendors: project.vendor_count,
          color: project.color,
          notes: project.notes,
          createdAt: project.created_at,
        }))
      }
    },
    async *documents() {
      for await (const batch of batches()) {
        yield await inTurn(batch, (project) => documents.projectDocument(project))
      }
    },
  }
}

/**
 * One row per booking on the projects the filter covers, with the
 * booking's working days, days off and day notes. Read a batch of projects
 * at a time, so a batch holds their whole rosters.
 */
function rostersTable(filter: ExportFilter, documents: ItemDocuments): ExportTable {
  async function* rosters() {
    for await (const projects of inBatches<ProjectRow>((after) =>
      projectRows(projectsQuery(filter), after)
    )) {
      yield { projects, roster: await rosterRows(projects, filter) }
    }
  }
  return {
    kind: 'rosters',
    title: 'Rosters',
    columns: [
      { key: 'projectId', header: 'Project ID', type: 'number', width: 10 },
      text('project', 'Project', 28, 2.6),
      { key: 'startDate', header: 'Start', type: 'day', width: 12, pdf: 1.7 },
      { key: 'endDate', header: 'End', type: 'day', width: 12, pdf: 1.7 },
      text('kind', 'Kind', 8),
      text('name', 'Name', 26, 2.4),
      text('role', 'Role', 16, 1.6),
      text('status', 'Status', 14, 1.3),
      { key: 'daysWorked', header: 'Days worked', type: 'number', width: 11, pdf: 0.3 },
      text('daysOff', 'Days off', 28, 2),
      text('dayNotes', 'Day notes', 40, 2.6),
      text('notes', 'Notes', 30, 2),
    ],
    async count() {
      const people = (junction: string, table: string, column: string) => {
        const query = projectsQuery(filter)
          .join(`${junction} as a`, 'a.project_id', 'p.id')
          .join(`${table} as x`, (on) => on.on('x.id', `a.${column}`).andOnNull('x.deleted_at'))
        if (filter.personSearch) query.whereILike('x.name', containsPattern(filter.personSearch))
        return countOf(query)
      }
      const crew = filter.kind === 'vendor' ? 0 : await people('project_crew', 'crews', 'crew_id')
      const vendors =
        filter.kind === 'crew' ? 0 : await people('project_vendor', 'vendors', 'vendor_id')
      return crew + vendors
    },
    async *rows() {
      for await (const { projects, roster } of rosters()) {
        const byId = new Map(projects.map((project) => [project.id, project]))
        for (let start = 0; start < roster.length; start += BATCH_SIZE) {
          yield roster.slice(start, start + BATCH_SIZE).map((entry) => {
            const project = byId.get(entry.project_id)!
            return {
              projectId: project.id,
              project: project.name,
              startDate: project.start_date,
              endDate: project.end_date,
              kind: entry.kind === 'crew' ? 'Crew' : 'Vendor',
              name: entry.name,
              role: entry.role,
              status: entry.status,
              daysWorked: entry.days.length,
              daysOff: entry.days_off.length > 0 ? dayRanges(entry.days_off) : null,
              dayNotes: dayNotesText(entry.day_notes) || null,
              notes: entry.notes,
            }
          })
        }
      }
    },
    async *documents() {
      for await (const { projects, roster } of rosters()) {
        yield await inTurn(projects, (project) =>
          documents.rosterDocument(
            project,
            roster.filter((entry) => entry.project_id === project.id)
          )
        )
      }
    },
  }
}

const DIRECTORY_COLUMNS: Record<DirectoryKind, ExportColumn[]> = {
  crew: [
    text('role', 'Role', 16, 1.5),
    text('region', 'Region', 14, 1.2),
    text('phone', 'Phone', 18, 1.6),
    text('email', 'Email', 28, 2.4),
    text('pronouns', 'Pronouns', 12),
    text('vehicle', 'Vehicle', 16),
    text('dietary', 'Dietary', 20),
    text('howWeMet', 'How we met', 24),
    text('notes', 'Notes', 40, 2.5),
  ],
  vendors: [
    text('type', 'Type', 16, 1.5),
    text('region', 'Region', 14, 1.2),
    text('contactName', 'Contact', 20, 1.6),
    text('phone', 'Phone', 18, 1.5),
    text('email', 'Email', 28, 2.2),
    text('website', 'Website', 28),
    text('address', 'Address', 32, 2.2),
    text('notes', 'Notes', 40, 2),
  ],
  locations: [
    text('type', 'Type', 16, 1.5),
    text('region', 'Region', 14, 1.2),
    text('address', 'Address', 36, 3),
    { key: 'lat', header: 'Latitude', type: 'number', width: 12, pdf: 1 },
    { key: 'lng', header: 'Longitude', type: 'number', width: 12, pdf: 1 },
    text('notes', 'Notes', 40, 3),
  ],
  clients: [
    text('contactName', 'Contact', 22, 2),
    text('email', 'Email', 28, 2.5),
    text('phone', 'Phone', 18, 1.6),
    text('notes', 'Notes', 40, 3),
  ],
}

const TITLES: Record<DirectoryKind, string> = {
  crew: 'Crew',
  vendors: 'Vendors',
  locations: 'Locations',
  clients: 'Clients',
}

function snake(key: string) {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
}

function directoryTable(
  kind: DirectoryKind,
  filter: ExportFilter,
  documents: ItemDocuments
): ExportTable {
  const batches = () =>
    inBatches<Record<string, any>>((after) =>
      directoryRows(kind, directoryQuery(kind, filter), after)
    )
  const columns: ExportColumn[] = [
    { key: 'id', header: 'ID', type: 'number', width: 8 },
    text('name', 'Name', 28, 2.6),
    ...DIRECTORY_COLUMNS[kind],
    ...(kind === 'clients'
      ? []
      : [{ key: 'starred', header: 'Starred', type: 'boolean', width: 9 } as ExportColumn]),
    { key: 'createdAt', header: 'Created', type: 'timestamp', width: 20 },
  ]
  return {
    kind,
    title: TITLES[kind],
    columns,
    count: () => countOf(directoryQuery(kind, filter)),
    async *rows() {
      for await (const batch of batches()) {
        yield batch.map((row) => {
          const out: ExportRow = {}
          for (const column of columns) {
            const value = row[snake(column.key)] ?? row[column.key] ?? null
            out[column.key] = column.type === 'number' && value !== null ? Number(value) : value
          }
          return out
        })
      }
    },
    async *documents() {
      for await (const batch of batches()) {
        yield await inTurn(batch, (row) => documents.directoryDocument(kind, row))
      }
    },
  }
}

export function exportTable(kind: BulkKind, filter: ExportFilter): ExportTable {
  const documents = new ItemDocuments()
  switch (kind) {
    case 'projects':
      return projectsTable(filter, documents)
    case 'rosters':
      return rostersTable(filter, documents)
    default:
      return directoryTable(kind, filter, documents)
  }
}
