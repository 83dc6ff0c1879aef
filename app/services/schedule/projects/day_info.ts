import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type AppUser from '#models/schedule/app_user'
import type Project from '#models/schedule/project'
import ProjectDayInfo from '#models/schedule/project_day_info'
import { ActivityLogger, changedFields } from '#services/schedule/activity/activity_logger'
import { formatDay, isWithin } from '#services/schedule/projects/project_days'
import { activeProject, checkReference } from '#services/schedule/projects/project_records'
import { RecordNotFoundError, invalidField } from '#services/schedule/directory/record_errors'

export type DayInfoFields = {
  title?: string | null
  callTime?: string | null
  wrapTime?: string | null
  notes?: string | null
  locationId?: number | null
}

const FIELDS = ['title', 'callTime', 'wrapTime', 'notes', 'locationId'] as const
type DayInfoValues = Required<DayInfoFields>
const EMPTY: DayInfoValues = {
  title: null,
  callTime: null,
  wrapTime: null,
  notes: null,
  locationId: null,
}

/** A day with nothing on it: a row that is not saved, so it has no id. */
function emptyDay(projectId: number, date: string) {
  return new ProjectDayInfo().merge({ projectId, date, ...EMPTY })
}

/** What happens on each day of a project (spec 3, project_day_info): one row per day at most. */
@inject()
export class DayInfos {
  constructor(protected activity: ActivityLogger) {}

  /** The project's days that have a row, in date order. */
  rows(projectId: number) {
    return ProjectDayInfo.query().where('project_id', projectId).orderBy('date')
  }

  async forProject(projectId: number) {
    await activeProject(projectId)
    return this.rows(projectId)
  }

  /**
   * Changes the fields given and keeps the others. A day left with nothing
   * on it has no row, and is answered as the empty day (an unsaved row).
   *
   * The project's row is locked first: saves of one day sent at the same
   * moment (a person typing through its fields) run one after the other,
   * each on top of what the one before wrote, instead of both inserting the
   * day or one writing back a field the other had just changed.
   */
  async put(actor: AppUser, projectId: number, date: string, fields: DayInfoFields) {
    await checkReference('locations', 'locationId', fields.locationId)
    return db.transaction(async (trx) => {
      const project = await activeProject(projectId, trx, { lock: true })
      if (!isWithin(date, project.startDate, project.endDate)) {
        throw invalidField(
          'params.date',
          `The project does not run on ${formatDay(date)}`,
          'projectDay'
        )
      }
      const existing = await this.find(project.id, date, trx)
      const before = existing ? this.fields(existing) : EMPTY
      const after: DayInfoValues = { ...before }
      for (const key of FIELDS) {
        if (fields[key] !== undefined) {
          Object.assign(after, { [key]: fields[key] })
        }
      }
      const changes = changedFields(before, after)
      if (!changes) {
        return existing ?? emptyDay(project.id, date)
      }
      if (existing && FIELDS.every((key) => after[key] === null)) {
        await this.delete(actor, project, existing, trx)
        return emptyDay(project.id, date)
      }
      const info = existing ?? new ProjectDayInfo().merge({ projectId: project.id, date })
      await info.useTransaction(trx).merge(after).save()
      await this.activity.record(
        actor,
        {
          action: existing ? 'update' : 'create',
          entityType: 'project_day_info',
          entityId: info.id,
          projectId: project.id,
          summary: `${existing ? 'Updated' : 'Added'} the day info of ${formatDay(date)} on "${project.name}"`,
          changes,
        },
        trx
      )
      return info
    })
  }

  async remove(actor: AppUser, projectId: number, date: string) {
    await db.transaction(async (trx) => {
      const project = await activeProject(projectId, trx, { lock: true })
      const info = await this.find(project.id, date, trx)
      if (!info) {
        throw new RecordNotFoundError('Day info not found')
      }
      await this.delete(actor, project, info, trx)
    })
  }

  protected find(projectId: number, date: string, trx: TransactionClientContract) {
    return ProjectDayInfo.query({ client: trx })
      .where('project_id', projectId)
      .where('date', date)
      .first()
  }

  protected async delete(
    actor: AppUser,
    project: Project,
    info: ProjectDayInfo,
    trx: TransactionClientContract
  ) {
    await info.useTransaction(trx).delete()
    await this.activity.record(
      actor,
      {
        action: 'delete',
        entityType: 'project_day_info',
        entityId: info.id,
        projectId: project.id,
        summary: `Removed the day info of ${formatDay(info.date)} from "${project.name}"`,
        changes: changedFields(this.fields(info), EMPTY),
      },
      trx
    )
  }

  protected fields(info: ProjectDayInfo): DayInfoValues {
    return Object.fromEntries(FIELDS.map((key) => [key, info[key] ?? null])) as DayInfoValues
  }
}
