import db from '@adonisjs/lucid/services/db'
import { addDays, today } from '#services/schedule/projects/project_days'
import { ROSTER_TABLES, type ResourceKind } from '#services/schedule/projects/project_records'

/** 'YYYY-MM-DD' bounds; the validator lets `to` come only with `from`. */
export type BookingRange = { from?: string; to?: string }

export type ResourceBooking = {
  assignmentId: number
  projectId: number
  projectName: string
  startDate: string
  endDate: string
  color: string
  statusId: number | null
  /** Days of the project this person does not work. */
  unscheduled: string[]
  /** The day notes of this booking, by day. */
  notes: Record<string, string>
}

/** A year ahead and a month back: what a person's page shows without a range. */
const DEFAULT_DAYS_BACK = 30
const DEFAULT_SPAN_DAYS = 395

/** One person's bookings: GET /api/crew/:id/assignments and /api/vendors/:id/assignments. */
export class ResourceBookings {
  /** Bookings on active projects overlapping the range, by project start. */
  async of(kind: ResourceKind, resourceId: number, range: BookingRange) {
    const roster = ROSTER_TABLES[kind]
    const from = range.from ?? addDays(today(), -DEFAULT_DAYS_BACK)
    const to = range.to ?? addDays(from, DEFAULT_SPAN_DAYS)
    const rows = await db
      .from(`${roster.assignments} as a`)
      .join('projects as p', 'p.id', 'a.project_id')
      .whereNull('p.deleted_at')
      .where(`a.${roster.resourceColumn}`, resourceId)
      .where('p.start_date', '<=', to)
      .where('p.end_date', '>=', from)
      .select(
        'a.id as assignmentId',
        'p.id as projectId',
        'p.name as projectName',
        'p.start_date as startDate',
        'p.end_date as endDate',
        'p.color',
        'a.status_id as statusId'
      )
      .orderBy('p.start_date')
      .orderBy('p.name')
      .orderBy('a.id')

    const bookings = new Map<number, ResourceBooking>(
      rows.map((row: Omit<ResourceBooking, 'unscheduled' | 'notes'>) => [
        row.assignmentId,
        { ...row, unscheduled: [], notes: {} },
      ])
    )
    if (bookings.size > 0) {
      const dayNotes = await db
        .from('assignment_day_notes')
        .whereIn(roster.noteColumn, [...bookings.keys()])
        .select(`${roster.noteColumn} as assignmentId`, 'date', 'note', 'is_scheduled')
        .orderBy('date')
      for (const dayNote of dayNotes) {
        const booking = bookings.get(dayNote.assignmentId)!
        if (!dayNote.is_scheduled) {
          booking.unscheduled.push(dayNote.date)
        }
        if (dayNote.note) {
          booking.notes[dayNote.date] = dayNote.note
        }
      }
    }
    return [...bookings.values()]
  }
}
