import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { ConflictFinder } from '#services/schedule/calendar/conflict_finder'
import { ROSTER_TABLES, type ResourceKind } from '#services/schedule/projects/project_records'
import { serializer } from '#services/shared/serialize'
import CalendarPersonTransformer from '#transformers/schedule/calendar_person_transformer'
import CalendarProjectTransformer from '#transformers/schedule/calendar_project_transformer'
import CalendarBookingTransformer from '#transformers/schedule/calendar_booking_transformer'
import ConflictTransformer from '#transformers/schedule/conflict_transformer'

export type PeopleCalendarQuery = { from: string; to: string; kind?: 'all' | ResourceKind }

export type CalendarPersonRow = {
  kind: ResourceKind
  id: number
  name: string
  /** The crew role or the vendor type. */
  roleId: number | null
  regionId: number | null
  starred: boolean
}

export type CalendarProjectRow = {
  id: number
  name: string
  startDate: string
  endDate: string
  color: string
  textColor: string
  projectStatusId: number | null
}

export type CalendarProjectBarRow = CalendarProjectRow & {
  clientName: string | null
  crewCount: number
}

export type CalendarBookingRow = {
  kind: ResourceKind
  assignmentId: number
  resourceId: number
  projectId: number
  statusId: number | null
  sortOrder: number
  /** The project's days this person is not booked on. */
  unscheduled: string[]
  /** Day notes by 'YYYY-MM-DD'. */
  notes: Record<string, string>
}

const PEOPLE = {
  crew: `SELECT 'crew' AS kind, id, name, crew_role_id AS role_id, region_id, starred
           FROM crews WHERE deleted_at IS NULL`,
  vendor: `SELECT 'vendor' AS kind, id, name, vendor_type_id AS role_id, region_id, starred
             FROM vendors WHERE deleted_at IS NULL`,
}

/*
 * The bookings on projects overlapping the range, with each booking's
 * unscheduled days and day notes folded into it (the whole project's, not
 * just the range's: a booking's days are its project's days minus these).
 */
function bookingsOf(kind: ResourceKind) {
  const { assignments, resourceColumn, people, noteColumn } = ROSTER_TABLES[kind]
  return `
    SELECT '${kind}' AS kind, a.id AS assignment_id, a.${resourceColumn} AS resource_id,
           a.project_id, a.status_id, a.sort_order,
           coalesce(n.unscheduled, '[]'::json) AS unscheduled,
           coalesce(n.notes, '{}'::json) AS notes
      FROM ${assignments} a
      JOIN projects p ON p.id = a.project_id
      JOIN ${people} person ON person.id = a.${resourceColumn}
      LEFT JOIN LATERAL (
        SELECT json_agg(to_char(d.date, 'YYYY-MM-DD') ORDER BY d.date)
                 FILTER (WHERE NOT d.is_scheduled) AS unscheduled,
               json_object_agg(to_char(d.date, 'YYYY-MM-DD'), d.note)
                 FILTER (WHERE d.note IS NOT NULL AND d.note <> '') AS notes
          FROM assignment_day_notes d
         WHERE d.${noteColumn} = a.id
      ) n ON true
     WHERE p.deleted_at IS NULL AND person.deleted_at IS NULL
       AND p.start_date <= CAST(:rangeTo AS date) AND p.end_date >= CAST(:rangeFrom AS date)`
}

/**
 * The people mode of the calendar (/api/calendar/people): everyone, the
 * projects in the range and who is booked on them, and the conflicts, in
 * four set-based queries run side by side.
 */
@inject()
export class PeopleCalendar {
  constructor(protected conflictFinder: ConflictFinder) {}

  async range({ from, to, kind = 'all' }: PeopleCalendarQuery) {
    const kinds: ResourceKind[] = kind === 'all' ? ['crew', 'vendor'] : [kind]
    const bindings = { rangeFrom: from, rangeTo: to }
    const people = await db.rawQuery(
      `SELECT * FROM (${kinds.map((each) => PEOPLE[each]).join(' UNION ALL ')}) people
        ORDER BY kind = 'vendor', lower(name), id`
    )
    const projects = await this.projects(from, to)
    const bookings = await db.rawQuery(
      `${kinds.map(bookingsOf).join(' UNION ALL ')} ORDER BY project_id, sort_order, kind, assignment_id`,
      bindings
    )
    const conflicts = await this.conflictFinder.find({
      from,
      to,
      kind: kind === 'all' ? undefined : kind,
      includeResolved: true,
    })
    // Each list is serialised on its own: the serializer's type of a whole object mixes strings and lists up.
    return {
      from,
      to,
      people: await serializer.serialize(
        CalendarPersonTransformer.transform(
          (people.rows as Record<string, any>[]).map((row): CalendarPersonRow => ({
            kind: row.kind,
            id: row.id,
            name: row.name,
            roleId: row.role_id,
            regionId: row.region_id,
            starred: row.starred,
          }))
        )
      ),
      projects: await serializer.serialize(CalendarProjectTransformer.transform(projects)),
      bookings: await serializer.serialize(
        CalendarBookingTransformer.transform(
          (bookings.rows as Record<string, any>[]).map((row): CalendarBookingRow => ({
            kind: row.kind,
            assignmentId: row.assignment_id,
            resourceId: row.resource_id,
            projectId: row.project_id,
            statusId: row.status_id,
            sortOrder: row.sort_order,
            unscheduled: row.unscheduled,
            notes: row.notes,
          }))
        )
      ),
      conflicts: await serializer.serialize(
        ConflictTransformer.transform(conflicts).useVariant('forCalendar')
      ),
    }
  }

  /** The projects overlapping the range, in the order the calendar lists them. */
  async projects(from: string, to: string): Promise<CalendarProjectRow[]> {
    const result = await db.rawQuery(projectsInRange(), { rangeFrom: from, rangeTo: to })
    return result.rows.map(projectRow)
  }

  /**
   * The projects as bars of projects mode draw them: with their client's
   * name and how many crew members (not in the trash) are booked, as
   * GET /api/projects counts them.
   */
  async projectBars(from: string, to: string): Promise<CalendarProjectBarRow[]> {
    const result = await db.rawQuery(
      projectsInRange(`,
        (SELECT name FROM clients WHERE clients.id = projects.client_id) AS client_name,
        (SELECT count(*) FROM project_crew pc JOIN crews ON crews.id = pc.crew_id
          WHERE pc.project_id = projects.id AND crews.deleted_at IS NULL) AS crew_count`),
      { rangeFrom: from, rangeTo: to }
    )
    return result.rows.map((row: Record<string, any>) => ({
      ...projectRow(row),
      clientName: row.client_name,
      crewCount: Number(row.crew_count),
    }))
  }
}

function projectsInRange(extraColumns = '') {
  return `SELECT id, name, to_char(start_date, 'YYYY-MM-DD') AS start_date,
                 to_char(end_date, 'YYYY-MM-DD') AS end_date, color, text_color,
                 project_status_id${extraColumns}
            FROM projects
           WHERE deleted_at IS NULL
             AND start_date <= CAST(:rangeTo AS date) AND end_date >= CAST(:rangeFrom AS date)
           ORDER BY start_date, name, id`
}

function projectRow(row: Record<string, any>): CalendarProjectRow {
  return {
    id: row.id,
    name: row.name,
    startDate: row.start_date,
    endDate: row.end_date,
    color: row.color,
    textColor: row.text_color,
    projectStatusId: row.project_status_id,
  }
}
