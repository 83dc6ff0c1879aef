import db from '@adonisjs/lucid/services/db'
import { RecordNotFoundError } from '#services/schedule/directory/record_errors'
import {
  addDays,
  daysBetween,
  formatDay,
  formatDays,
  today,
} from '#services/schedule/projects/project_days'
import { RECENT_BOOKING_DAYS } from '#services/schedule/sharing/share_view'
import {
  allProjects,
  bookingsOf,
  directoryQuery,
  directoryRows,
  projectRows,
  projectsQuery,
  rosterRows,
  type DirectoryKind,
  type ProjectRow,
  type RosterRow,
} from '#services/schedule/exports/export_queries'
import {
  fileStem,
  type PrintedDocument,
  type PrintedTable,
} from '#services/schedule/exports/printed_document'

/*
 * One item as a document a person would print: every field of the record,
 * with names in place of ids, and what hangs on it (a project's roster with
 * statuses and day notes, its day information and tasks; a person's
 * bookings, links and notes). Crew members' and vendors' bookings start 30
 * days back, as on their share page.
 */

/** A printable item and the colour its title carries (a project's). */
export type ItemDocument = { document: PrintedDocument; color?: string }

/** Consecutive days as ranges: "3 May 2030 – 5 May 2030, 8 May 2030". */
export function dayRanges(days: string[]) {
  const runs: [string, string][] = []
  for (const day of [...days].sort()) {
    const last = runs[runs.length - 1]
    if (last && daysBetween(last[1], day) === 1) {
      last[1] = day
    } else {
      runs.push([day, day])
    }
  }
  return runs.map(([start, end]) => formatDays(start, end)).join(', ')
}

/** Which of a project's days a booking works, in words. */
export function workingDays(row: Pick<RosterRow, 'days' | 'days_off'>) {
  if (row.days.length === 0) return 'No days scheduled'
  if (row.days_off.length === 0) return 'Every day'
  return dayRanges(row.days)
}

export function dayNotesText(notes: Record<string, string>) {
  return Object.entries(notes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, note]) => `${formatDay(date)}: ${note}`)
    .join('\n')
}

function join(...parts: (string | null | undefined)[]) {
  return parts.filter(Boolean).join(' · ') || null
}

function yes(value: boolean) {
  return value ? 'Yes' : null
}

function projectLength(start: string, end: string) {
  const days = daysBetween(start, end) + 1
  return `${formatDays(start, end)} (${days} ${days === 1 ? 'day' : 'days'})`
}

const ROSTER_COLUMNS: PrintedTable['columns'] = [
  { header: 'Name', weight: 3 },
  { header: 'Role', weight: 2 },
  { header: 'Status', weight: 1.6 },
  { header: 'Days', weight: 2.6 },
  { header: 'Day notes', weight: 3 },
  { header: 'Notes', weight: 2.4 },
]

function rosterTable(rows: RosterRow[]): PrintedTable {
  return {
    columns: ROSTER_COLUMNS,
    rows: rows.map((row) => [
      row.name,
      row.role ?? (row.kind === 'vendor' ? 'Vendor' : null),
      row.status,
      workingDays(row),
      dayNotesText(row.day_notes) || null,
      row.notes,
    ]),
    empty: 'Nobody is booked yet.',
  }
}

/** A project's day information, one row per day that has some. */
export function dayInfoTable(
  days: {
    date: string
    title: string | null
    callTime: string | null
    wrapTime: string | null
    place: string | null
    notes: string | null
  }[]
): PrintedTable {
  return {
    columns: [
      { header: 'Day', weight: 2.4 },
      { header: 'What', weight: 2.4 },
      { header: 'Call', weight: 1 },
      { header: 'Wrap', weight: 1 },
      { header: 'Where', weight: 3 },
      { header: 'Notes', weight: 3.5 },
    ],
    rows: days.map((day) => [
      formatDay(day.date),
      day.title,
      day.callTime,
      day.wrapTime,
      day.place,
      day.notes,
    ]),
    empty: 'No day information yet.',
  }
}

function bookingsTable(bookings: Awaited<ReturnType<typeof bookingsOf>>): PrintedTable {
  return {
    columns: [
      { header: 'Project', weight: 3 },
      { header: 'Dates', weight: 3 },
      { header: 'Status', weight: 1.6 },
      { header: 'Days', weight: 2.6 },
      { header: 'Day notes', weight: 3 },
      { header: 'Notes', weight: 2.4 },
    ],
    rows: bookings.map(({ booking, project }) => [
      project.name,
      formatDays(project.start_date, project.end_date),
      booking.status,
      workingDays(booking),
      dayNotesText(booking.day_notes) || null,
      booking.notes,
    ]),
    empty: `No bookings from ${RECENT_BOOKING_DAYS} days ago onwards.`,
  }
}

/** Projects by name, dates, status and client (a location's, a client's). */
function projectList(projects: ProjectRow[], empty: string): PrintedTable {
  return {
    columns: [
      { header: 'Project', weight: 3 },
      { header: 'Dates', weight: 3 },
      { header: 'Status', weight: 1.5 },
      { header: 'Client', weight: 2 },
    ],
    rows: projects.map((project) => [
      project.name,
      formatDays(project.start_date, project.end_date),
      project.status,
      project.client,
    ]),
    empty,
  }
}

async function resourceNotes(type: 'crew' | 'vendor' | 'location', id: number) {
  const notes: { body: string; pinned: boolean; author_name: string | null; created_at: Date }[] =
    await db
      .from('resource_notes')
      .where({ resource_type: type, resource_id: id })
      .orderBy('pinned', 'desc')
      .orderBy('created_at', 'desc')
  return notes.map((note) => {
    const by = join(note.author_name, formatDay(note.created_at.toISOString().slice(0, 10)))
    return `${note.pinned ? 'Pinned: ' : ''}${note.body}${by ? ` (${by})` : ''}`
  })
}

/** The printable documents of schedule's items; a missing or trashed one is a 404. */
export class ItemDocuments {
  async project(id: number): Promise<ItemDocument> {
    const [project] = await projectRows(projectsQuery({}).where('p.id', id), null)
    if (!project) {
      throw new RecordNotFoundError('Project not found')
    }
    return this.projectDocument(project)
  }

  /** A project's whole document, from its row as the projects export reads it. */
  async projectDocument(project: ProjectRow): Promise<ItemDocument> {
    const roster = await rosterRows([project])
    const days = await db
      .from('project_day_info as d')
      .leftJoin('locations as l', (on) => on.on('l.id', 'd.location_id').andOnNull('l.deleted_at'))
      .where('d.project_id', project.id)
      .orderBy('d.date')
      .select('d.*', 'l.name as location', 'l.address as location_address')
    const tasks = await db
      .from('project_tasks')
      .where('project_id', project.id)
      .orderBy('sort_order')
      .orderBy('id')
    return {
      color: project.color,
      document: {
        kind: 'Project',
        title: project.name,
        fileStem: fileStem(project.name, project.id),
        facts: [
          ['Dates', projectLength(project.start_date, project.end_date)],
          ['Status', project.status],
          ['Client', project.client],
          [
            'Client contact',
            project.client
              ? join(project.client_contact, project.client_email, project.client_phone)
              : null,
          ],
          ['Location', join(project.location, project.location_address)],
          ['Region', project.region],
          ['Crew', String(project.crew_count)],
          ['Vendors', String(project.vendor_count)],
        ],
        sections: [
          { heading: 'Notes', text: project.notes, empty: 'No notes.' },
          { heading: 'Roster', table: rosterTable(roster) },
          {
            heading: 'Days',
            table: dayInfoTable(
              days.map((day) => ({
                date: day.date,
                title: day.title,
                callTime: day.call_time,
                wrapTime: day.wrap_time,
                place: join(day.location, day.location_address),
                notes: day.notes,
              }))
            ),
          },
          {
            heading: 'Tasks',
            list: tasks.map((task) => {
              const done = task.completed
                ? ` (done${task.completed_by_name ? ` by ${task.completed_by_name}` : ''}${
                    task.completed_at
                      ? ` on ${formatDay(new Date(task.completed_at).toISOString().slice(0, 10))}`
                      : ''
                  })`
                : ''
              return `${task.completed ? '☑' : '☐'} ${task.text}${done}`
            }),
            empty: 'No tasks.',
          },
        ],
      },
    }
  }

  /** A project's roster only (the rosters export's zip: one file per project). */
  async rosterDocument(project: ProjectRow, roster: RosterRow[]): Promise<ItemDocument> {
    return {
      color: project.color,
      document: {
        kind: 'Roster',
        title: project.name,
        fileStem: fileStem(project.name, project.id),
        facts: [
          ['Dates', projectLength(project.start_date, project.end_date)],
          ['Status', project.status],
          ['Client', project.client],
          ['Location', join(project.location, project.location_address)],
        ],
        sections: [{ heading: 'Roster', table: rosterTable(roster) }],
      },
    }
  }

  crew(id: number) {
    return this.directoryItem('crew', id, 'Crew member not found')
  }

  vendor(id: number) {
    return this.directoryItem('vendors', id, 'Vendor not found')
  }

  location(id: number) {
    return this.directoryItem('locations', id, 'Location not found')
  }

  /** One record of a directory not in the trash, as a document; 404 `notFound` otherwise. */
  protected async directoryItem(kind: DirectoryKind, id: number, notFound: string) {
    const [row] = await directoryRows(kind, directoryQuery(kind, {}).where('x.id', id), null)
    if (!row) {
      throw new RecordNotFoundError(notFound)
    }
    return this.directoryDocument(kind, row)
  }

  /**
   * A crew member's or vendor's document: their fields, their bookings from
   * 30 days back, who they are linked to (a crew member's vendors, a
   * vendor's crew) and the team's notes about them.
   */
  protected async personDocument(
    kind: 'crew' | 'vendor',
    row: Record<string, any>,
    label: string,
    facts: PrintedDocument['facts']
  ): Promise<ItemDocument> {
    const since = addDays(today(), -RECENT_BOOKING_DAYS)
    const [own, other, otherTable] =
      kind === 'crew' ? ['crew_id', 'vendor_id', 'vendors'] : ['vendor_id', 'crew_id', 'crews']
    const bookings = await bookingsOf(kind, row.id, since)
    const links = await db
      .from('crew_vendor_links as k')
      .join(`${otherTable} as o`, (on) => on.on('o.id', `k.${other}`).andOnNull('o.deleted_at'))
      .where(`k.${own}`, row.id)
      .orderByRaw('lower(o.name)')
      .select('o.name', 'k.notes')
    const notes = await resourceNotes(kind, row.id)
    return {
      document: {
        kind: label,
        title: row.name,
        fileStem: fileStem(row.name, row.id),
        facts,
        sections: [
          { heading: 'Notes', text: row.notes, empty: 'No notes.' },
          { heading: 'Bookings', table: bookingsTable(bookings) },
          {
            heading: kind === 'crew' ? 'Vendors' : 'Crew',
            list: links.map((link) => (link.notes ? `${link.name}: ${link.notes}` : link.name)),
            empty: kind === 'crew' ? 'Not linked to a vendor.' : 'No crew linked.',
          },
          { heading: 'Notes from the team', list: notes, empty: 'No notes from the team.' },
        ],
      },
    }
  }

  /** A directory record's document, from its row as the directory export reads it. */
  async directoryDocument(kind: DirectoryKind, row: Record<string, any>): Promise<ItemDocument> {
    const since = addDays(today(), -RECENT_BOOKING_DAYS)
    const stem = fileStem(row.name, row.id)
    switch (kind) {
      case 'crew':
        return this.personDocument('crew', row, 'Crew member', [
          ['Role', row.role],
          ['Region', row.region],
          ['Phone', row.phone],
          ['Email', row.email],
          ['Pronouns', row.pronouns],
          ['Vehicle', row.vehicle],
          ['Dietary', row.dietary],
          ['How we met', row.how_we_met],
          ['Starred', yes(row.starred)],
        ])
      case 'vendors':
        return this.personDocument('vendor', row, 'Vendor', [
          ['Type', row.type],
          ['Region', row.region],
          ['Contact', row.contact_name],
          ['Phone', row.phone],
          ['Email', row.email],
          ['Website', row.website],
          ['Address', row.address],
          ['Starred', yes(row.starred)],
        ])
      case 'locations': {
        const projects = await allProjects({ from: since, locationId: row.id })
        const notes = await resourceNotes('location', row.id)
        const coordinates =
          row.lat !== null && row.lng !== null ? `${Number(row.lat)}, ${Number(row.lng)}` : null
        return {
          document: {
            kind: 'Location',
            title: row.name,
            fileStem: stem,
            facts: [
              ['Type', row.type],
              ['Region', row.region],
              ['Address', row.address],
              ['Coordinates', coordinates],
              ['Starred', yes(row.starred)],
            ],
            sections: [
              { heading: 'Notes', text: row.notes, empty: 'No notes.' },
              {
                heading: 'Projects here',
                table: projectList(
                  projects,
                  `No projects here from ${RECENT_BOOKING_DAYS} days ago onwards.`
                ),
              },
              { heading: 'Notes from the team', list: notes, empty: 'No notes from the team.' },
            ],
          },
        }
      }
      case 'clients': {
        const projects = await allProjects({ clientId: row.id })
        return {
          document: {
            kind: 'Client',
            title: row.name,
            fileStem: stem,
            facts: [
              ['Contact', row.contact_name],
              ['Email', row.email],
              ['Phone', row.phone],
            ],
            sections: [
              { heading: 'Notes', text: row.notes, empty: 'No notes.' },
              {
                heading: 'Projects',
                table: projectList(projects, 'No projects.'),
              },
            ],
          },
        }
      }
    }
  }
}
