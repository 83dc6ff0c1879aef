import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import type AppUser from '#models/schedule/app_user'
import Project from '#models/schedule/project'
import { ActivityLogger, changedFields } from '#services/schedule/activity/activity_logger'
import { describeChanges } from '#services/schedule/activity/change_wording'
import type Client from '#models/schedule/client'
import type Location from '#models/schedule/location'
import type ProjectDayInfo from '#models/schedule/project_day_info'
import type ProjectStatus from '#models/schedule/project_status'
import { ConflictFinder, type Conflict } from '#services/schedule/calendar/conflict_finder'
import { DayInfos } from '#services/schedule/projects/day_info'
import { daysBetween, formatDays } from '#services/schedule/projects/project_days'
import { activeProject, checkReference } from '#services/schedule/projects/project_records'
import { invalidField } from '#services/schedule/directory/record_errors'
import { Roster, type RosterEntry } from '#services/schedule/projects/roster'
import { containsPattern } from '#services/schedule/directory/search_pattern'
import { MAX_PROJECT_DAYS } from '#validators/schedule/project_validators'

export type ProjectFields = {
  name?: string | null
  startDate?: string | null
  endDate?: string | null
  color?: string | null
  textColor?: string | null
  notes?: string | null
  clientId?: number | null
  locationId?: number | null
  projectStatusId?: number | null
  regionId?: number | null
}

const EDITABLE = [
  'name',
  'startDate',
  'endDate',
  'color',
  'textColor',
  'notes',
  'clientId',
  'locationId',
  'projectStatusId',
  'regionId',
] as const

/*
 * Fields a project always has. The body parser turns '' into null, which the
 * validator's optional() reads as "not sent"; an update refuses it instead of
 * ignoring it, so a cleared name is an error and not a silent no-op.
 */
const REQUIRED = ['name', 'startDate', 'endDate', 'color', 'textColor'] as const

const DEFAULT_COLOR = '#2563eb'

/** A project with what its page shows beside it (GET /api/projects/:id). */
export type ProjectDetail = {
  project: Project
  client: Client | null
  /** Null when it is in the trash. */
  location: Location | null
  projectStatus: ProjectStatus | null
  roster: RosterEntry[]
  dayInfo: ProjectDayInfo[]
}

/** A saved project and the open conflicts it is now part of. */
export type ProjectChange = { project: Project; conflicts: Conflict[] }

/** Projects (spec 3, projects): the calendar's range list, the search list and the project page. */
@inject()
export class Projects {
  constructor(
    protected activity: ActivityLogger,
    protected roster: Roster,
    protected conflictFinder: ConflictFinder,
    protected dayInfo: DayInfos
  ) {}

  /** Active projects overlapping [from, to], with how many active people each books. */
  protected listQuery() {
    return Project.query()
      .withScopes((scopes) => scopes.active())
      .withCount('crew', (query) => query.whereHas('crew', (crew) => crew.whereNull('deleted_at')))
      .withCount('vendors', (query) =>
        query.whereHas('vendor', (vendor) => vendor.whereNull('deleted_at'))
      )
  }

  inRange(from: string, to: string) {
    return this.listQuery()
      .where('start_date', '<=', to)
      .where('end_date', '>=', from)
      .orderBy('start_date')
      .orderBy('name')
      .orderBy('id')
  }

  /** One page of the search list, newest first. */
  search(search: string | undefined, page: number, perPage: number) {
    const query = this.listQuery().orderBy('start_date', 'desc').orderBy('id', 'desc')
    if (search) {
      query.whereILike('name', containsPattern(search))
    }
    return query.paginate(page, perPage)
  }

  async create(
    actor: AppUser,
    fields: ProjectFields & { name: string; startDate: string; endDate: string }
  ) {
    await this.checkReferences(fields)
    return db.transaction(async (trx) => {
      const projectStatusId =
        fields.projectStatusId !== undefined
          ? fields.projectStatusId
          : await this.defaultProjectStatusId(trx)
      const project = await Project.create(
        {
          name: fields.name,
          startDate: fields.startDate,
          endDate: fields.endDate,
          color: fields.color ?? (await this.defaultColor(trx)),
          textColor: fields.textColor ?? '#ffffff',
          notes: fields.notes ?? null,
          clientId: fields.clientId ?? null,
          locationId: fields.locationId ?? null,
          projectStatusId,
          regionId: fields.regionId ?? null,
          createdBy: actor.id,
        },
        { client: trx }
      )
      await this.activity.record(
        actor,
        {
          action: 'create',
          entityType: 'project',
          entityId: project.id,
          projectId: project.id,
          summary: `Created project "${project.name}" (${formatDays(project.startDate, project.endDate)})`,
          changes: changedFields({}, this.editable(project)),
        },
        trx
      )
      return project
    })
  }

  /** The project with its client, location, status, roster and day info. */
  async show(id: number): Promise<ProjectDetail> {
    const project = await activeProject(id)
    // One relation after another: Lucid loads several together, which overlap
    // on a transaction's client.
    await project.load('client')
    await project.load('location', (query) => query.whereNull('deleted_at'))
    await project.load('projectStatus')
    const roster = await this.roster.entries(project.id)
    const dayInfo = await this.dayInfo.rows(project.id)
    return {
      project,
      client: project.client ?? null,
      location: project.location ?? null,
      projectStatus: project.projectStatus ?? null,
      roster,
      dayInfo,
    }
  }

  /**
   * Changes a project; answers it with the open conflicts it is now part of.
   * The row is locked before it is read: a new first day and a new last day
   * sent at the same moment are each checked against the other's result.
   */
  async update(actor: AppUser, id: number, fields: ProjectFields): Promise<ProjectChange> {
    for (const key of REQUIRED) {
      if (fields[key] === null) {
        throw invalidField(key, `The ${key} field must be defined`, 'required')
      }
    }
    await this.checkReferences(fields)
    const project = await db.transaction(async (trx) => {
      const found = await activeProject(id, trx, { lock: true })
      found.useTransaction(trx)
      const before = this.editable(found)
      const startDate = fields.startDate ?? found.startDate
      const endDate = fields.endDate ?? found.endDate
      if (endDate < startDate) {
        throw invalidField(
          fields.endDate ? 'endDate' : 'startDate',
          'The end date must be on or after the start date',
          'afterOrEqual'
        )
      }
      if (daysBetween(startDate, endDate) + 1 > MAX_PROJECT_DAYS) {
        throw invalidField(
          fields.endDate ? 'endDate' : 'startDate',
          `A project runs at most ${MAX_PROJECT_DAYS} days`,
          'maxDays'
        )
      }
      for (const key of EDITABLE) {
        if (fields[key] !== undefined) {
          found.merge({ [key]: fields[key] })
        }
      }
      const changes = changedFields(before, this.editable(found))
      if (!changes) {
        return found
      }
      await found.save()
      await this.activity.record(
        actor,
        {
          action: 'update',
          entityType: 'project',
          entityId: found.id,
          projectId: found.id,
          summary: await this.describeUpdate(before.name as string, found, changes, trx),
          changes,
        },
        trx
      )
      return found
    })
    const conflicts = await this.conflictFinder.find({
      from: project.startDate,
      to: project.endDate,
      projectId: project.id,
    })
    return { project, conflicts }
  }

  /** Moves the project to the trash (spec 3, section 3); its roster stays for a restore. */
  async trash(actor: AppUser, id: number) {
    await db.transaction(async (trx) => {
      const project = await activeProject(id, trx, { lock: true })
      project.useTransaction(trx)
      project.deletedAt = DateTime.now()
      await project.save()
      await this.activity.record(
        actor,
        {
          action: 'delete',
          entityType: 'project',
          entityId: project.id,
          projectId: project.id,
          summary: `Moved project "${project.name}" to the trash`,
        },
        trx
      )
    })
  }

  protected editable(project: Project): Record<string, unknown> {
    return Object.fromEntries(EDITABLE.map((key) => [key, project[key]]))
  }

  protected async describeUpdate(
    oldName: string,
    project: Project,
    changes: Record<string, { from: unknown; to: unknown }>,
    trx: TransactionClientContract
  ) {
    const parts: string[] = []
    if (changes.name) {
      parts.push(`renamed to "${project.name}"`)
    }
    if (changes.startDate || changes.endDate) {
      parts.push(`dates now ${formatDays(project.startDate, project.endDate)}`)
    }
    const others = Object.fromEntries(
      Object.entries(changes).filter(([key]) => !['name', 'startDate', 'endDate'].includes(key))
    )
    if (Object.keys(others).length > 0) {
      parts.push(await describeChanges(others, trx))
    }
    return `Updated project "${oldName}": ${parts.join('; ')}`
  }

  protected async checkReferences(fields: ProjectFields) {
    await checkReference('clients', 'clientId', fields.clientId)
    await checkReference('locations', 'locationId', fields.locationId)
    await checkReference('projectStatuses', 'projectStatusId', fields.projectStatusId)
    await checkReference('regions', 'regionId', fields.regionId)
  }

  protected async defaultProjectStatusId(trx: TransactionClientContract): Promise<number | null> {
    const row = await trx
      .from('project_statuses')
      .where('is_default', true)
      .orderBy('sort_order')
      .select('id')
      .first()
    return row?.id ?? null
  }

  /** The admin's default_project_color setting, when it holds a colour. */
  protected async defaultColor(trx: TransactionClientContract) {
    const row = await trx.from('app_settings').where('key', 'default_project_color').first()
    const value = row?.value
    return typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value)
      ? value.toLowerCase()
      : DEFAULT_COLOR
  }
}
