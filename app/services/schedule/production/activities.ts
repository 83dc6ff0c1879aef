import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type AppUser from '#models/schedule/app_user'
import type Project from '#models/schedule/project'
import Activity, { type ActivityMarker } from '#models/schedule/activity'
import ActivityParticipant from '#models/schedule/activity_participant'
import { ActivityLogger, changedFields } from '#services/schedule/activity/activity_logger'
import { RecordNotFoundError, invalidField } from '#services/schedule/directory/record_errors'
import { formatDay, isWithin } from '#services/schedule/projects/project_days'
import { activeProject, checkReference } from '#services/schedule/projects/project_records'
import { overlaps, placeSideBySide } from '#services/schedule/production/day_layout'

export type ActivityFields = {
  date?: string
  name?: string
  activityTypeId?: number | null
  scheduleColumnId?: number | null
  startTime?: string
  endTime?: string | null
  marker?: ActivityMarker | null
  locationId?: number | null
  notes?: string | null
  /** project_crew ids: the whole list of crew taking part. */
  crewAssignmentIds?: number[]
  /** project_vendor ids. */
  vendorAssignmentIds?: number[]
}

export type NewActivity = ActivityFields &
  Required<Pick<ActivityFields, 'date' | 'name' | 'startTime'>> & { projectId: number }

/** Why an activity deserves a second look on the grid. */
export type ActivityWarning =
  | {
      kind: 'doubleBooked'
      /** The person's name, and the activity (of any project) that holds them at the same time. */
      name: string
      assignment: { kind: 'crew' | 'vendor'; id: number }
      otherActivityId: number
      otherActivityName: string
    }
  | { kind: 'notScheduled'; name: string; assignment: { kind: 'crew' | 'vendor'; id: number } }

export type Participant = { kind: 'crew' | 'vendor'; assignmentId: number; name: string }

export type ActivityView = {
  activity: Activity
  participants: Participant[]
  warnings: ActivityWarning[]
  /** Where the day grid draws it among the activities of its column that overlap. */
  lane: number
  lanes: number
}

const LOGGED_FIELDS = [
  'date',
  'name',
  'activityTypeId',
  'scheduleColumnId',
  'startTime',
  'endTime',
  'marker',
  'locationId',
  'notes',
] as const

type ParticipantRow = {
  activity_id: number
  kind: 'crew' | 'vendor'
  assignment_id: number
  person_id: number
  name: string
}

/**
 * Activities of a project's days (spec 3, activities and
 * activity_participants): each on one day of the project, its participants
 * from the project's roster, at most one Start and one End marker per day.
 */
@inject()
export class Activities {
  constructor(protected activity: ActivityLogger) {}

  /** One day's activities (or all the project's days), by start time, with warnings and lanes. */
  async list(projectId: number, date?: string): Promise<ActivityView[]> {
    await activeProject(projectId)
    const query = Activity.query().where('project_id', projectId)
    if (date) query.where('date', date)
    const activities = await query.orderBy('date').orderBy('start_time').orderBy('id')
    return this.views(activities)
  }

  async show(id: number) {
    const activity = await this.find(id)
    const views = await this.list(activity.projectId, activity.date)
    return views.find((view) => view.activity.id === id)!
  }

  async create(actor: AppUser, fields: NewActivity) {
    const activity = await db.transaction(async (trx) => {
      const project = await activeProject(fields.projectId, trx, { lock: true })
      const created = new Activity().merge({ projectId: project.id, notes: null })
      await this.write(project, created, fields, trx)
      await this.activity.record(
        actor,
        {
          action: 'create',
          entityType: 'activity',
          entityId: created.id,
          projectId: project.id,
          summary: `Added "${created.name}" to ${formatDay(created.date)} on "${project.name}"`,
        },
        trx
      )
      return created
    })
    return this.show(activity.id)
  }

  async update(actor: AppUser, id: number, fields: ActivityFields) {
    await db.transaction(async (trx) => {
      const existing = await this.find(id, trx)
      const project = await activeProject(existing.projectId, trx, { lock: true })
      const before = this.logged(existing)
      await this.write(project, existing, fields, trx)
      const changes = changedFields(before, this.logged(existing))
      if (changes || fields.crewAssignmentIds || fields.vendorAssignmentIds) {
        await this.activity.record(
          actor,
          {
            action: 'update',
            entityType: 'activity',
            entityId: existing.id,
            projectId: project.id,
            summary: `Updated "${existing.name}" on ${formatDay(existing.date)} of "${project.name}"`,
            changes,
          },
          trx
        )
      }
    })
    return this.show(id)
  }

  async remove(actor: AppUser, id: number) {
    await db.transaction(async (trx) => {
      const existing = await this.find(id, trx)
      const project = await activeProject(existing.projectId, trx, { lock: true })
      await existing.useTransaction(trx).delete()
      await this.activity.record(
        actor,
        {
          action: 'delete',
          entityType: 'activity',
          entityId: existing.id,
          projectId: project.id,
          summary: `Removed "${existing.name}" from ${formatDay(existing.date)} of "${project.name}"`,
        },
        trx
      )
    })
  }

  /**
   * Copies one day's activities (with their participants) to another day of
   * the same project. `replace` first clears the target day; otherwise the
   * copies join what is there, and a copied Start or End marker that the
   * target day already has is left off the copy.
   */
  async copyDay(actor: AppUser, projectId: number, from: string, to: string, replace: boolean) {
    await db.transaction(async (trx) => {
      const project = await activeProject(projectId, trx, { lock: true })
      for (const [field, day] of [
        ['from', from],
        ['to', to],
      ] as const) {
        this.checkDay(project, day, field)
      }
      if (from === to) {
        throw invalidField('to', 'Copy to another day', 'different')
      }
      if (replace) {
        await trx.from('activities').where('project_id', project.id).where('date', to).delete()
      }
      const markers = await trx
        .from('activities')
        .where('project_id', project.id)
        .where('date', to)
        .whereNotNull('marker')
        .select('marker')
      const taken = new Set(markers.map((row: { marker: string }) => row.marker))
      const sources = await Activity.query({ client: trx })
        .where('project_id', project.id)
        .where('date', from)
        .preload('participants')
        .orderBy('start_time')
      for (const source of sources) {
        const copy = await Activity.create(
          {
            projectId: project.id,
            date: to,
            name: source.name,
            activityTypeId: source.activityTypeId,
            scheduleColumnId: source.scheduleColumnId,
            startTime: source.startTime,
            endTime: source.endTime,
            marker: source.marker && !taken.has(source.marker) ? source.marker : null,
            locationId: source.locationId,
            notes: source.notes,
          },
          { client: trx }
        )
        if (source.participants.length > 0) {
          await ActivityParticipant.createMany(
            source.participants.map((participant) => ({
              activityId: copy.id,
              projectCrewId: participant.projectCrewId,
              projectVendorId: participant.projectVendorId,
            })),
            { client: trx }
          )
        }
      }
      await this.activity.record(
        actor,
        {
          action: 'create',
          entityType: 'activity',
          entityId: null,
          projectId: project.id,
          summary: `Copied ${sources.length} ${sources.length === 1 ? 'activity' : 'activities'} of ${formatDay(from)} to ${formatDay(to)} on "${project.name}"`,
        },
        trx
      )
    })
    return this.list(projectId, to)
  }

  protected checkDay(project: Project, date: string, field: string) {
    if (!isWithin(date, project.startDate, project.endDate)) {
      throw invalidField(field, `The project does not run on ${formatDay(date)}`, 'projectDay')
    }
  }

  /** Checks the fields against the project and writes the activity and its participants. */
  protected async write(
    project: Project,
    activity: Activity,
    fields: ActivityFields,
    trx: TransactionClientContract
  ) {
    const merged = { ...this.logged(activity), ...definedOnly(fields) }
    this.checkDay(project, merged.date, 'date')
    if (merged.endTime !== null && merged.endTime <= merged.startTime) {
      throw invalidField('endTime', 'The end comes after the start', 'after')
    }
    await checkReference('locations', 'locationId', fields.locationId, trx)
    if (fields.activityTypeId) {
      const type = await trx.from('activity_types').where('id', fields.activityTypeId).first()
      if (!type) throw invalidField('activityTypeId', 'No such activity type', 'exists')
    }
    if (fields.scheduleColumnId) {
      const column = await trx
        .from('schedule_columns')
        .where('id', fields.scheduleColumnId)
        .where('project_id', project.id)
        .first()
      if (!column)
        throw invalidField('scheduleColumnId', 'No such column on this project', 'exists')
    }
    if (merged.marker) {
      const clash = trx
        .from('activities')
        .where('project_id', project.id)
        .where('date', merged.date)
        .where('marker', merged.marker)
      if (activity.$isPersisted) clash.whereNot('id', activity.id)
      if (await clash.first()) {
        throw invalidField(
          'marker',
          `${formatDay(merged.date)} already has its ${merged.marker === 'start' ? 'Start' : 'End'} marker`,
          'oneMarker'
        )
      }
    }
    for (const [kind, ids, table, field] of [
      ['crew', fields.crewAssignmentIds, 'project_crew', 'crewAssignmentIds'],
      ['vendor', fields.vendorAssignmentIds, 'project_vendor', 'vendorAssignmentIds'],
    ] as const) {
      if (!ids) continue
      const unique = [...new Set(ids)]
      const onRoster = await trx
        .from(table)
        .where('project_id', project.id)
        .whereIn('id', unique)
        .select('id')
      if (onRoster.length !== unique.length) {
        throw invalidField(
          field,
          `Only ${kind === 'crew' ? 'crew' : 'vendors'} on this project's roster take part`,
          'onRoster'
        )
      }
    }
    activity.useTransaction(trx).merge(merged)
    await activity.save()
    await this.replaceParticipants(activity.id, 'crew', fields.crewAssignmentIds, trx)
    await this.replaceParticipants(activity.id, 'vendor', fields.vendorAssignmentIds, trx)
  }

  protected async replaceParticipants(
    activityId: number,
    kind: 'crew' | 'vendor',
    ids: number[] | undefined,
    trx: TransactionClientContract
  ) {
    if (!ids) return
    const column = kind === 'crew' ? 'project_crew_id' : 'project_vendor_id'
    await trx
      .from('activity_participants')
      .where('activity_id', activityId)
      .whereNotNull(column)
      .delete()
    const unique = [...new Set(ids)]
    if (unique.length > 0) {
      await trx
        .table('activity_participants')
        .insert(unique.map((id) => ({ activity_id: activityId, [column]: id })))
    }
  }

  protected async find(id: number, trx?: TransactionClientContract) {
    const query = Activity.query({ client: trx }).where('id', id)
    if (trx) query.forUpdate()
    const activity = await query.first()
    if (!activity) throw new RecordNotFoundError('Activity not found')
    return activity
  }

  protected logged(activity: Activity) {
    return Object.fromEntries(
      LOGGED_FIELDS.map((key) => [key, activity.$attributes[key] ?? null])
    ) as {
      date: string
      name: string
      activityTypeId: number | null
      scheduleColumnId: number | null
      startTime: string
      endTime: string | null
      marker: ActivityMarker | null
      locationId: number | null
      notes: string | null
    }
  }

  /** Participants, warnings and grid lanes of activities. */
  protected async views(activities: Activity[]): Promise<ActivityView[]> {
    if (activities.length === 0) return []
    const participants = await participantsOf(activities.map((activity) => activity.id))
    const warnings = await this.warnings(activities, participants)
    const lanes = new Map<number, { lane: number; lanes: number }>()
    const byColumn = new Map<string, Activity[]>()
    for (const activity of activities) {
      const key = `${activity.date}/${activity.scheduleColumnId ?? ''}`
      byColumn.set(key, [...(byColumn.get(key) ?? []), activity])
    }
    for (const group of byColumn.values()) {
      for (const [id, placement] of placeSideBySide(group)) lanes.set(id, placement)
    }
    return activities.map((activity) => ({
      activity,
      participants: (participants.get(activity.id) ?? []).map((row) => ({
        kind: row.kind,
        assignmentId: row.assignment_id,
        name: row.name,
      })),
      warnings: warnings.get(activity.id) ?? [],
      ...(lanes.get(activity.id) ?? { lane: 0, lanes: 1 }),
    }))
  }

  /**
   * A participant held by another activity at the same time (on any
   * project, the person is the same), or booked on a day their roster says
   * they do not work.
   */
  protected async warnings(activities: Activity[], participants: Map<number, ParticipantRow[]>) {
    const dates = [...new Set(activities.map((activity) => activity.date))]
    const sameDays = await Activity.query().whereIn('date', dates)
    const others = await participantsOf(sameDays.map((activity) => activity.id))
    const offDays = await db
      .from('assignment_day_notes')
      .whereIn('date', dates)
      .where('is_scheduled', false)
      .select('project_crew_id', 'project_vendor_id', db.raw(`to_char(date, 'YYYY-MM-DD') as day`))
    const isOff = new Set(
      offDays.map((row) =>
        row.project_crew_id
          ? `crew/${row.project_crew_id}/${row.day}`
          : `vendor/${row.project_vendor_id}/${row.day}`
      )
    )
    const result = new Map<number, ActivityWarning[]>()
    for (const activity of activities) {
      const list: ActivityWarning[] = []
      for (const person of participants.get(activity.id) ?? []) {
        const assignment = { kind: person.kind, id: person.assignment_id }
        if (isOff.has(`${person.kind}/${person.assignment_id}/${activity.date}`)) {
          list.push({ kind: 'notScheduled', name: person.name, assignment })
        }
        if (activity.endTime === null) continue
        for (const other of sameDays) {
          if (other.id === activity.id || other.date !== activity.date || other.endTime === null)
            continue
          const holds = (others.get(other.id) ?? []).some(
            (row) => row.kind === person.kind && row.person_id === person.person_id
          )
          if (holds && overlaps(activity, other)) {
            list.push({
              kind: 'doubleBooked',
              name: person.name,
              assignment,
              otherActivityId: other.id,
              otherActivityName: other.name,
            })
          }
        }
      }
      if (list.length > 0) result.set(activity.id, list)
    }
    return result
  }
}

/** Who takes part in each activity, with the person behind each roster row. */
export async function participantsOf(activityIds: number[]) {
  if (activityIds.length === 0) return new Map<number, ParticipantRow[]>()
  const result = await db.rawQuery(
    `SELECT p.activity_id, 'crew' AS kind, pc.id AS assignment_id, c.id AS person_id, c.name
       FROM activity_participants p
       JOIN project_crew pc ON pc.id = p.project_crew_id
       JOIN crews c ON c.id = pc.crew_id
      WHERE p.activity_id = ANY(?)
     UNION ALL
     SELECT p.activity_id, 'vendor', pv.id, v.id, v.name
       FROM activity_participants p
       JOIN project_vendor pv ON pv.id = p.project_vendor_id
       JOIN vendors v ON v.id = pv.vendor_id
      WHERE p.activity_id = ANY(?)
     ORDER BY 5`,
    [activityIds, activityIds]
  )
  const rows: ParticipantRow[] = result.rows
  const byActivity = new Map<number, ParticipantRow[]>()
  for (const row of rows) {
    byActivity.set(row.activity_id, [...(byActivity.get(row.activity_id) ?? []), row])
  }
  return byActivity
}

function definedOnly<T extends Record<string, unknown>>(fields: T) {
  return Object.fromEntries(
    Object.entries(fields).filter(
      ([key, value]) => value !== undefined && (LOGGED_FIELDS as readonly string[]).includes(key)
    )
  ) as Partial<T>
}
