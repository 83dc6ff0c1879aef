import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type AppUser from '#models/schedule/app_user'
import type Project from '#models/schedule/project'
import { ActivityLogger, changedFields } from '#services/schedule/activity/activity_logger'
import { describeChanges } from '#services/schedule/activity/change_wording'
import { ConflictFinder, type Conflict } from '#services/schedule/calendar/conflict_finder'
import { formatDay, isWithin } from '#services/schedule/projects/project_days'
import {
  ROSTER_TABLES,
  activeProject,
  activeResource,
  checkReference,
  type ResourceKind,
} from '#services/schedule/projects/project_records'
import {
  DuplicateRecordError,
  RecordNotFoundError,
  invalidField,
} from '#services/schedule/directory/record_errors'
import { isUniqueViolation } from '#services/shared/atomic_writes'

/** A day of a booking that has a note or is not worked. */
export type RosterDayNote = { id: number; date: string; note: string | null; isScheduled: boolean }

export type RosterEntry = {
  kind: ResourceKind
  /** The assignment's id. */
  id: number
  resourceId: number
  name: string
  statusId: number | null
  crewRoleId: number | null
  notes: string | null
  sortOrder: number
  dayNotes: RosterDayNote[]
}

/** What a change of the roster answers (Roster.answer). */
export type RosterChange = { entry: RosterEntry; conflicts: Conflict[] }

export type AssignmentFields = {
  statusId?: number | null
  crewRoleId?: number | null
  notes?: string | null
}

export type RosterMove = {
  kind: ResourceKind
  assignmentId: number
  toResourceId?: number
  fromDate?: string
  toDate?: string
}

const ALREADY_ON_PROJECT = 'Already on this project'

/**
 * A project's roster (spec 3: project_crew, project_vendor): crew and
 * vendors in one ordered list, each booked on every day of the project but
 * the days their day notes unschedule. People in the trash drop out of the
 * roster until they are restored.
 *
 * Every change locks the project first, so changes of one roster made at
 * the same moment run one after the other: two people added together get
 * their own places at the end, and a change is checked against the roster
 * as the one before left it.
 */
@inject()
export class Roster {
  constructor(
    protected activity: ActivityLogger,
    protected conflictFinder: ConflictFinder
  ) {}

  async list(projectId: number) {
    await activeProject(projectId)
    return this.entries(projectId)
  }

  /** The roster of a project, by sort order; `only` narrows it to one assignment. */
  async entries(
    projectId: number,
    trx?: TransactionClientContract,
    only?: { kind: ResourceKind; id: number }
  ): Promise<RosterEntry[]> {
    const client = trx ?? db
    const kinds = only ? [only.kind] : (['crew', 'vendor'] as const)
    const selects = kinds.map((kind) => {
      const { assignments, resourceColumn, people } = ROSTER_TABLES[kind]
      return `
        SELECT '${kind}' AS kind, a.id, a.${resourceColumn} AS resource_id, person.name, a.status_id,
               ${kind === 'crew' ? 'a.crew_role_id' : 'NULL::int'} AS crew_role_id,
               a.notes, a.sort_order
          FROM ${assignments} a
          JOIN ${people} person ON person.id = a.${resourceColumn} AND person.deleted_at IS NULL
         WHERE a.project_id = :projectId ${only ? 'AND a.id = :assignmentId' : ''}`
    })
    const bindings = { projectId, assignmentId: only?.id ?? 0 }
    // One query after the other: a transaction's client runs one at a time.
    const assignments = await client.rawQuery(
      `${selects.join(' UNION ALL ')} ORDER BY sort_order, kind, id`,
      bindings
    )
    const notes = await client.rawQuery(
      `SELECT id, project_crew_id, project_vendor_id, to_char(date, 'YYYY-MM-DD') AS date,
              note, is_scheduled
         FROM assignment_day_notes WHERE project_id = :projectId ORDER BY date`,
      bindings
    )
    const notesByAssignment = new Map<string, RosterDayNote[]>()
    for (const row of notes.rows) {
      const key = row.project_crew_id
        ? `crew:${row.project_crew_id}`
        : `vendor:${row.project_vendor_id}`
      const list = notesByAssignment.get(key) ?? []
      list.push({ id: row.id, date: row.date, note: row.note, isScheduled: row.is_scheduled })
      notesByAssignment.set(key, list)
    }
    return assignments.rows.map((row: Record<string, any>) => ({
      kind: row.kind,
      id: row.id,
      resourceId: row.resource_id,
      name: row.name,
      statusId: row.status_id,
      crewRoleId: row.crew_role_id,
      notes: row.notes,
      sortOrder: row.sort_order,
      dayNotes: notesByAssignment.get(`${row.kind}:${row.id}`) ?? [],
    }))
  }

  /**
   * Books a person on the project, last in its order; statusId defaults to
   * the default status, a crew member's crewRoleId to their directory role
   * (the job they usually do), so a new booking does not start as "No role".
   */
  async add(
    actor: AppUser,
    projectId: number,
    kind: ResourceKind,
    resourceId: number,
    fields: AssignmentFields
  ) {
    const { assignments, resourceColumn, resourceField } = ROSTER_TABLES[kind]
    const { project, assignmentId } = await db.transaction(async (trx) => {
      const found = await activeProject(projectId, trx, { lock: true })
      const person = await activeResource(kind, resourceId, resourceField, trx)
      await this.checkFields(fields, trx)
      if (await this.bookingOf(found.id, kind, resourceId, trx)) {
        throw new DuplicateRecordError(ALREADY_ON_PROJECT)
      }
      const statusId =
        fields.statusId === undefined ? await this.defaultStatusId(trx) : fields.statusId
      const crewRoleId =
        kind === 'crew' && fields.crewRoleId === undefined
          ? await this.directoryRoleId(resourceId, trx)
          : (fields.crewRoleId ?? null)
      const last = await trx.rawQuery(
        `SELECT coalesce(max(sort_order), 0) AS last FROM (
           SELECT sort_order FROM project_crew WHERE project_id = :projectId
           UNION ALL SELECT sort_order FROM project_vendor WHERE project_id = :projectId) o`,
        { projectId: found.id }
      )
      const row = {
        project_id: found.id,
        [resourceColumn]: resourceId,
        status_id: statusId,
        notes: fields.notes ?? null,
        sort_order: Number(last.rows[0].last) + 1,
        ...(kind === 'crew' ? { crew_role_id: crewRoleId } : {}),
      }
      const [inserted] = await this.insertOrConflict(trx, assignments, row)
      await this.activity.record(
        actor,
        {
          action: 'assign',
          entityType: assignments,
          entityId: inserted.id,
          projectId: found.id,
          summary: `Added ${person.name} to "${found.name}"`,
          changes: changedFields(
            {},
            {
              [resourceField]: resourceId,
              statusId,
              crewRoleId: row.crew_role_id,
              notes: row.notes,
            }
          ),
        },
        trx
      )
      return { project: found, assignmentId: inserted.id as number }
    })
    return this.answer(project, { kind, id: assignmentId })
  }

  /** Changes a booking's status, role or notes, or hands it (with its day notes) to someone else. */
  async update(
    actor: AppUser,
    projectId: number,
    kind: ResourceKind,
    assignmentId: number,
    fields: AssignmentFields & { resourceId?: number }
  ) {
    const { assignments, resourceColumn, resourceField } = ROSTER_TABLES[kind]
    const project = await db.transaction(async (trx) => {
      const found = await activeProject(projectId, trx, { lock: true })
      const before = await this.visibleBooking(found.id, kind, assignmentId, trx)
      await this.checkFields(fields, trx)
      const changes: Record<string, unknown> = {}
      let handedTo: { id: number; name: string } | null = null
      if (fields.resourceId !== undefined && fields.resourceId !== before.resourceId) {
        handedTo = await activeResource(kind, fields.resourceId, resourceField, trx)
        if (await this.bookingOf(found.id, kind, fields.resourceId, trx)) {
          throw new DuplicateRecordError(ALREADY_ON_PROJECT)
        }
        changes[resourceColumn] = fields.resourceId
      }
      if (fields.statusId !== undefined) changes.status_id = fields.statusId
      if (fields.notes !== undefined) changes.notes = fields.notes
      if (kind === 'crew' && fields.crewRoleId !== undefined)
        changes.crew_role_id = fields.crewRoleId
      const diff = changedFields(
        {
          [resourceField]: before.resourceId,
          statusId: before.statusId,
          crewRoleId: before.crewRoleId,
          notes: before.notes,
        },
        {
          ...(handedTo ? { [resourceField]: handedTo.id } : {}),
          ...(fields.statusId !== undefined ? { statusId: fields.statusId } : {}),
          ...(kind === 'crew' && fields.crewRoleId !== undefined
            ? { crewRoleId: fields.crewRoleId }
            : {}),
          ...(fields.notes !== undefined ? { notes: fields.notes } : {}),
        }
      )
      if (!diff) {
        return found
      }
      await this.updateOrConflict(trx, assignments, assignmentId, changes)
      const summary = handedTo
        ? `Handed ${before.name}'s booking on "${found.name}" to ${handedTo.name}`
        : `Updated ${before.name} on "${found.name}": ${await describeChanges(diff, trx)}`
      await this.activity.record(
        actor,
        {
          action: 'update',
          entityType: assignments,
          entityId: assignmentId,
          projectId: found.id,
          summary,
          changes: diff,
        },
        trx
      )
      return found
    })
    return this.answer(project, { kind, id: assignmentId })
  }

  async remove(actor: AppUser, projectId: number, kind: ResourceKind, assignmentId: number) {
    const { assignments, resourceField } = ROSTER_TABLES[kind]
    await db.transaction(async (trx) => {
      const project = await activeProject(projectId, trx, { lock: true })
      const booking = await this.visibleBooking(project.id, kind, assignmentId, trx)
      await trx.from(assignments).where('id', assignmentId).delete()
      await this.activity.record(
        actor,
        {
          action: 'unassign',
          entityType: assignments,
          entityId: assignmentId,
          projectId: project.id,
          summary: `Removed ${booking.name} from "${project.name}"`,
          changes: changedFields(
            { [resourceField]: booking.resourceId },
            { [resourceField]: null }
          ),
        },
        trx
      )
    })
  }

  /** Puts the roster in the given order; `entries` must name every entry once. */
  async reorder(
    actor: AppUser,
    projectId: number,
    order: { kind: ResourceKind; id: number }[]
  ): Promise<RosterEntry[]> {
    return db.transaction(async (trx) => {
      const project = await activeProject(projectId, trx, { lock: true })
      const current = await this.entries(project.id, trx)
      const key = (entry: { kind: string; id: number }) => `${entry.kind}:${entry.id}`
      const wanted = new Set(order.map(key))
      if (
        wanted.size !== order.length ||
        wanted.size !== current.length ||
        current.some((entry) => !wanted.has(key(entry)))
      ) {
        throw invalidField(
          'entries',
          "The entries must list every entry of the project's roster once",
          'sameEntries'
        )
      }
      for (const kind of ['crew', 'vendor'] as const) {
        const ids: number[] = []
        const positions: number[] = []
        order.forEach((entry, index) => {
          if (entry.kind === kind) {
            ids.push(entry.id)
            positions.push(index + 1)
          }
        })
        if (ids.length > 0) {
          await trx.rawQuery(
            `UPDATE ${ROSTER_TABLES[kind].assignments} AS a
                SET sort_order = o.position, updated_at = now()
               FROM unnest(CAST(:ids AS int[]), CAST(:positions AS int[])) AS o(id, position)
              WHERE a.id = o.id AND a.project_id = :projectId`,
            { ids, positions, projectId: project.id }
          )
        }
      }
      await this.activity.record(
        actor,
        {
          action: 'reorder',
          entityType: 'roster',
          entityId: project.id,
          projectId: project.id,
          summary: `Reordered the roster of "${project.name}"`,
          changes: changedFields(
            { order: current.map((entry) => entry.name) },
            {
              order: order.map(
                (entry) => current.find((candidate) => key(candidate) === key(entry))!.name
              ),
            }
          ),
        },
        trx
      )
      return this.entries(project.id, trx)
    })
  }

  /**
   * The people-calendar drag: the booking goes to another person (its day
   * notes with it), and/or the person works `toDate` instead of `fromDate`
   * (the day's note goes along). All of it or nothing, as one 'move'.
   */
  async move(actor: AppUser, projectId: number, move: RosterMove) {
    const { kind, assignmentId } = move
    const { assignments, resourceColumn, resourceField, noteColumn } = ROSTER_TABLES[kind]
    const { project, resourceId } = await db.transaction(async (trx) => {
      const found = await activeProject(projectId, trx, { lock: true })
      const booking = await this.visibleBooking(found.id, kind, assignmentId, trx)
      // Day notes are saved under the booking's lock (DayNotes): the days moved here are too.
      await trx.rawQuery(`SELECT id FROM ${assignments} WHERE id = ? FOR NO KEY UPDATE`, [
        assignmentId,
      ])
      const steps: string[] = []
      const changes: Record<string, { from: unknown; to: unknown }> = {}
      let person = { id: booking.resourceId, name: booking.name }

      if (move.toResourceId !== undefined && move.toResourceId !== booking.resourceId) {
        person = await activeResource(kind, move.toResourceId, 'toResourceId', trx)
        if (await this.bookingOf(found.id, kind, person.id, trx)) {
          throw new DuplicateRecordError(ALREADY_ON_PROJECT)
        }
        await this.updateOrConflict(trx, assignments, assignmentId, { [resourceColumn]: person.id })
        steps.push(`from ${booking.name} to ${person.name}`)
        changes[resourceField] = { from: booking.resourceId, to: person.id }
      }

      if (move.fromDate && move.toDate && move.fromDate !== move.toDate) {
        const { fromDate, toDate } = move
        const notes = await trx
          .from('assignment_day_notes')
          .where(noteColumn, assignmentId)
          .whereIn('date', [fromDate, toDate])
          .select('id', 'date', 'note', 'is_scheduled')
        const fromNote = notes.find((note) => note.date === fromDate)
        const toNote = notes.find((note) => note.date === toDate)
        if (
          !isWithin(fromDate, found.startDate, found.endDate) ||
          fromNote?.is_scheduled === false
        ) {
          throw invalidField(
            'fromDate',
            `${booking.name} is not booked on ${formatDay(fromDate)}`,
            'scheduledDay'
          )
        }
        if (!isWithin(toDate, found.startDate, found.endDate)) {
          throw invalidField(
            'toDate',
            `The project does not run on ${formatDay(toDate)}`,
            'projectDay'
          )
        }
        const carried = [toNote?.is_scheduled === false ? null : toNote?.note, fromNote?.note]
          .filter((text): text is string => Boolean(text))
          .filter((text, index, all) => all.indexOf(text) === index)
          .join('\n')
        await this.writeDay(trx, found.id, kind, assignmentId, fromDate, null, false)
        await this.writeDay(trx, found.id, kind, assignmentId, toDate, carried || null, true)
        steps.push(`from ${formatDay(fromDate)} to ${formatDay(toDate)}`)
        changes.date = { from: fromDate, to: toDate }
      }

      if (steps.length === 0) {
        throw invalidField(
          'toResourceId',
          'Nothing to move: give another person or another day',
          'move'
        )
      }
      await this.activity.record(
        actor,
        {
          action: 'move',
          entityType: assignments,
          entityId: assignmentId,
          projectId: found.id,
          summary: `Moved ${booking.name}'s booking on "${found.name}" ${steps.join(' and ')}`,
          changes,
        },
        trx
      )
      return { project: found, resourceId: person.id }
    })
    return this.answer(project, { kind, id: assignmentId }, { kind, id: resourceId })
  }

  /**
   * Stores one day of a booking. A day that is scheduled and has no note
   * carries nothing, so its row goes.
   */
  async writeDay(
    trx: TransactionClientContract,
    projectId: number,
    kind: ResourceKind,
    assignmentId: number,
    date: string,
    note: string | null,
    isScheduled: boolean
  ) {
    const { noteColumn } = ROSTER_TABLES[kind]
    if (isScheduled && !note) {
      await trx
        .from('assignment_day_notes')
        .where(noteColumn, assignmentId)
        .where('date', date)
        .delete()
      return null
    }
    const result = await trx.rawQuery(
      `INSERT INTO assignment_day_notes (project_id, ${noteColumn}, date, note, is_scheduled)
       VALUES (:projectId, :assignmentId, CAST(:day AS date), NULLIF(:note, ''), :isScheduled)
       ON CONFLICT (${noteColumn}, date)
       DO UPDATE SET note = excluded.note, is_scheduled = excluded.is_scheduled, updated_at = now()
       RETURNING id, project_id, to_char(date, 'YYYY-MM-DD') AS date, note, is_scheduled`,
      { projectId, assignmentId, day: date, note: note ?? '', isScheduled }
    )
    return result.rows[0] as {
      id: number
      project_id: number
      date: string
      note: string | null
      is_scheduled: boolean
    }
  }

  /** The booking of an active person on this project, or 404 'Assignment not found'. */
  async visibleBooking(
    projectId: number,
    kind: ResourceKind,
    assignmentId: number,
    trx?: TransactionClientContract
  ) {
    const [entry] = await this.entries(projectId, trx, { kind, id: assignmentId })
    if (!entry) {
      throw new RecordNotFoundError('Assignment not found')
    }
    return entry
  }

  /** Whether this person is on the project's roster (trashed or not: the row would clash). */
  protected async bookingOf(
    projectId: number,
    kind: ResourceKind,
    resourceId: number,
    trx: TransactionClientContract
  ) {
    const { assignments, resourceColumn } = ROSTER_TABLES[kind]
    return trx
      .from(assignments)
      .where('project_id', projectId)
      .where(resourceColumn, resourceId)
      .select('id')
      .first()
  }

  protected async checkFields(fields: AssignmentFields, trx: TransactionClientContract) {
    await checkReference('statuses', 'statusId', fields.statusId, trx)
    await checkReference('crewRoles', 'crewRoleId', fields.crewRoleId, trx)
  }

  protected async directoryRoleId(crewId: number, trx: TransactionClientContract) {
    const row = await trx.from('crews').where('id', crewId).select('crew_role_id').first()
    return (row?.crew_role_id as number | null | undefined) ?? null
  }

  protected async defaultStatusId(trx: TransactionClientContract): Promise<number | null> {
    const row = await trx
      .from('statuses')
      .where('is_default', true)
      .orderBy('sort_order')
      .select('id')
      .first()
    return row?.id ?? null
  }

  protected async insertOrConflict(
    trx: TransactionClientContract,
    table: string,
    row: Record<string, unknown>
  ) {
    try {
      return await trx.insertQuery().table(table).insert(row).returning('id')
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DuplicateRecordError(ALREADY_ON_PROJECT)
      }
      throw error
    }
  }

  protected async updateOrConflict(
    trx: TransactionClientContract,
    table: string,
    id: number,
    changes: Record<string, unknown>
  ) {
    try {
      await trx
        .from(table)
        .where('id', id)
        .update({ ...changes, updated_at: new Date() })
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DuplicateRecordError(ALREADY_ON_PROJECT)
      }
      throw error
    }
  }

  /**
   * A roster change's answer: the entry as it is now, and the open conflicts
   * it is part of: on this project, and for a move, of the person it went to.
   */
  protected async answer(
    project: Project,
    entry: { kind: ResourceKind; id: number },
    person?: { kind: ResourceKind; id: number }
  ): Promise<RosterChange> {
    const [current] = await this.entries(project.id, undefined, entry)
    const conflicts = await this.conflictFinder.find({
      from: project.startDate,
      to: project.endDate,
      projectId: project.id,
      resource: person,
    })
    return { entry: current, conflicts }
  }
}
