import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type AppUser from '#models/schedule/app_user'
import ProjectDayInfo from '#models/schedule/project_day_info'
import { ActivityLogger, changedFields } from '#services/schedule/activity_logger'
import { formatDay, isWithin } from '#services/schedule/project_days'
import { activeProject, checkReference } from '#services/schedule/project_records'
import { RecordNotFoundError, invalidField } from '#services/schedule/record_errors'

export type DayInfoFields = {
  title?: string | null
  callTime?: string | null
  wrapTime?: string | null
  notes?: string | null
  locationId?: number | null
}

const FIELDS = ['title', 'callTime', 'wrapTime', 'notes', 'locationId'] as const

export function dayInfoView(info: ProjectDayInfo) {
  return {
    id: info.id,
    projectId: info.projectId,
    date: info.date,
    title: info.title ?? null,
    callTime: info.callTime ?? null,
    wrapTime: info.wrapTime ?? null,
    notes: info.notes ?? null,
    locationId: info.locationId ?? null,
  }
}

/** What happens on each day of a project (spec 3, project_day_info): one row per day at most. */
@inject()
export class DayInfos {
  constructor(protected activity: ActivityLogger) {}

  async list(projectId: number) {
    const rows = await ProjectDayInfo.query().where('project_id', projectId).orderBy('date')
    return rows.map(dayInfoView)
  }

  async forProject(projectId: number) {
    await activeProject(projectId)
    return this.list(projectId)
  }

  /** Creates or changes the day's info; fields not given keep their value. */
  async put(actor: AppUser, projectId: number, date: string, fields: DayInfoFields) {
    await checkReference('locations', 'locationId', fields.locationId)
    return db.transaction(async (trx) => {
      const project = await activeProject(projectId, trx)
      if (!isWithin(date, project.startDate, project.endDate)) {
        throw invalidField(
          'params.date',
          `The project does not run on ${formatDay(date)}`,
          'projectDay'
        )
      }
      const existing = await ProjectDayInfo.query({ client: trx })
        .where('project_id', project.id)
        .where('date', date)
        .forUpdate()
        .first()
      const info = existing ?? new ProjectDayInfo()
      info.useTransaction(trx)
      const before = existing ? this.fields(existing) : {}
      if (!existing) {
        info.merge({ projectId: project.id, date })
        for (const key of FIELDS) {
          info[key] = null
        }
      }
      for (const key of FIELDS) {
        if (fields[key] !== undefined) {
          info.merge({ [key]: fields[key] })
        }
      }
      const changes = changedFields(before, this.fields(info))
      if (existing && !changes) {
        return dayInfoView(info)
      }
      await info.save()
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
      return dayInfoView(info)
    })
  }

  async remove(actor: AppUser, projectId: number, date: string) {
    await db.transaction(async (trx) => {
      const project = await activeProject(projectId, trx)
      const info = await ProjectDayInfo.query({ client: trx })
        .where('project_id', project.id)
        .where('date', date)
        .first()
      if (!info) {
        throw new RecordNotFoundError('Day info not found')
      }
      await info.delete()
      await this.activity.record(
        actor,
        {
          action: 'delete',
          entityType: 'project_day_info',
          entityId: info.id,
          projectId: project.id,
          summary: `Removed the day info of ${formatDay(date)} from "${project.name}"`,
          changes: changedFields(this.fields(info), {
            title: null,
            callTime: null,
            wrapTime: null,
            notes: null,
            locationId: null,
          }),
        },
        trx
      )
    })
  }

  protected fields(info: ProjectDayInfo): Record<string, unknown> {
    return Object.fromEntries(FIELDS.map((key) => [key, info[key]]))
  }
}
