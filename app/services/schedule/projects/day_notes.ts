import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type AppUser from '#models/schedule/app_user'
import { ActivityLogger, changedFields } from '#services/schedule/activity/activity_logger'
import { ConflictFinder, type Conflict } from '#services/schedule/calendar/conflict_finder'
import { formatDay, isWithin } from '#services/schedule/projects/project_days'
import {
  ROSTER_TABLES,
  activeProject,
  type ResourceKind,
} from '#services/schedule/projects/project_records'
import { RecordNotFoundError, invalidField } from '#services/schedule/directory/record_errors'
import { Roster } from '#services/schedule/projects/roster'

export type DayNote = {
  id: number
  projectId: number
  kind: ResourceKind
  assignmentId: number
  date: string
  note: string | null
  isScheduled: boolean
}

/** A saved note and the project's open conflicts after it. */
export type DayNoteChange = { note: DayNote | null; conflicts: Conflict[] }

/** An assignment_day_notes row as read by SQL (snake_case) as a DayNote. */
function dayNoteFromRow(row: Record<string, any>): DayNote {
  return {
    id: row.id,
    projectId: row.project_id,
    kind: row.project_crew_id ? 'crew' : 'vendor',
    assignmentId: row.project_crew_id ?? row.project_vendor_id,
    date: row.date,
    note: row.note,
    isScheduled: row.is_scheduled,
  }
}

/*
 * The booking a day note belongs to, when its project and person are both
 * active: a note of someone in the trash is out of reach like the person.
 *
 * The booking's row stays locked until the transaction ends, so the day
 * notes of one booking are read and written by one save at a time: a note
 * and a "not working" sent at the same moment both stay, and a day emptied
 * by one save is not brought back half-written by another.
 */
async function lockedAssignment(
  kind: ResourceKind,
  assignmentId: number,
  trx: TransactionClientContract
) {
  const { assignments, resourceColumn, people } = ROSTER_TABLES[kind]
  const result = await trx.rawQuery(
    `SELECT a.id, a.project_id, person.name
       FROM ${assignments} a
       JOIN projects p ON p.id = a.project_id AND p.deleted_at IS NULL
       JOIN ${people} person ON person.id = a.${resourceColumn} AND person.deleted_at IS NULL
      WHERE a.id = :assignmentId
        FOR NO KEY UPDATE OF a`,
    { assignmentId }
  )
  return result.rows[0] as { id: number; project_id: number; name: string } | undefined
}

/**
 * Day notes (spec 3, assignment_day_notes; /api/notes): per booking and day,
 * a note and whether the person works that day. A day without a row is a
 * scheduled day without a note, so a row that says nothing else is removed.
 */
@inject()
export class DayNotes {
  constructor(
    protected activity: ActivityLogger,
    protected roster: Roster,
    protected conflictFinder: ConflictFinder
  ) {}

  async list(projectId: number): Promise<DayNote[]> {
    await activeProject(projectId)
    const result = await db.rawQuery(
      `SELECT n.id, n.project_id, n.project_crew_id, n.project_vendor_id,
              to_char(n.date, 'YYYY-MM-DD') AS date, n.note, n.is_scheduled
         FROM assignment_day_notes n
         LEFT JOIN project_crew pc ON pc.id = n.project_crew_id
         LEFT JOIN crews c ON c.id = pc.crew_id
         LEFT JOIN project_vendor pv ON pv.id = n.project_vendor_id
         LEFT JOIN vendors v ON v.id = pv.vendor_id
        WHERE n.project_id = :projectId
          AND coalesce(c.deleted_at, v.deleted_at) IS NULL
        ORDER BY n.date, n.id`,
      { projectId }
    )
    return result.rows.map(dayNoteFromRow)
  }

  /** Sets a day's note and/or whether it is worked; answers with the project's open conflicts. */
  async put(
    actor: AppUser,
    input: {
      kind: ResourceKind
      assignmentId: number
      date: string
      note?: string | null
      isScheduled?: boolean
    }
  ): Promise<DayNoteChange> {
    const { noteColumn } = ROSTER_TABLES[input.kind]
    const { project, note } = await db.transaction(async (trx) => {
      const assignment = await lockedAssignment(input.kind, input.assignmentId, trx)
      if (!assignment) {
        throw invalidField('assignmentId', 'No such booking', 'exists')
      }
      const found = await activeProject(assignment.project_id, trx)
      if (!isWithin(input.date, found.startDate, found.endDate)) {
        throw invalidField(
          'date',
          `The project does not run on ${formatDay(input.date)}`,
          'projectDay'
        )
      }
      const existing = await trx
        .from('assignment_day_notes')
        .where(noteColumn, assignment.id)
        .where('date', input.date)
        .first()
      const before = { note: existing?.note ?? null, isScheduled: existing?.is_scheduled ?? true }
      const after = {
        note: input.note === undefined ? before.note : input.note || null,
        isScheduled: input.isScheduled ?? before.isScheduled,
      }
      const changes = changedFields(before, after)
      if (!changes) {
        return { project: found, note: existing ? dayNoteFromRow(existing) : null }
      }
      const written = await this.roster.writeDay(
        trx,
        found.id,
        input.kind,
        assignment.id,
        input.date,
        after.note,
        after.isScheduled
      )
      const what =
        changes.isScheduled && !after.isScheduled
          ? `Took ${formatDay(input.date)} off ${assignment.name}'s booking`
          : changes.isScheduled
            ? `Booked ${assignment.name} on ${formatDay(input.date)}`
            : `${after.note ? 'Noted' : 'Cleared the note of'} ${formatDay(input.date)} for ${assignment.name}`
      await this.activity.record(
        actor,
        {
          action: 'update',
          entityType: 'assignment_day_note',
          entityId: written?.id ?? existing?.id ?? null,
          projectId: found.id,
          summary: `${what} on "${found.name}"`,
          changes,
        },
        trx
      )
      return {
        project: found,
        note: written ? dayNoteFromRow({ ...written, [noteColumn]: assignment.id }) : null,
      }
    })
    const conflicts = await this.conflictFinder.find({
      from: project.startDate,
      to: project.endDate,
      projectId: project.id,
    })
    return { note, conflicts }
  }

  async remove(actor: AppUser, id: number) {
    await db.transaction(async (trx) => {
      const owner = await trx.from('assignment_day_notes').where('id', id).first()
      const kind: ResourceKind = owner?.project_crew_id ? 'crew' : 'vendor'
      const assignment =
        owner &&
        (await lockedAssignment(kind, owner.project_crew_id ?? owner.project_vendor_id, trx))
      // Read again under the lock: a save may have changed or emptied the day meanwhile.
      const row = assignment && (await trx.from('assignment_day_notes').where('id', id).first())
      if (!row || !assignment) {
        throw new RecordNotFoundError('Day note not found')
      }
      const project = await activeProject(assignment.project_id, trx)
      await trx.from('assignment_day_notes').where('id', id).delete()
      await this.activity.record(
        actor,
        {
          action: 'delete',
          entityType: 'assignment_day_note',
          entityId: id,
          projectId: project.id,
          summary: `Cleared ${formatDay(row.date)} of ${assignment.name}'s booking on "${project.name}"`,
          changes: changedFields(
            { note: row.note, isScheduled: row.is_scheduled },
            { note: null, isScheduled: true }
          ),
        },
        trx
      )
    })
  }
}
