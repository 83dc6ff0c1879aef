import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type AppUser from '#models/schedule/app_user'
import ScheduleColumn from '#models/schedule/schedule_column'
import { ActivityLogger } from '#services/schedule/activity/activity_logger'
import {
  DuplicateRecordError,
  RecordNotFoundError,
  invalidField,
} from '#services/schedule/directory/record_errors'
import { formatDay, isWithin } from '#services/schedule/projects/project_days'
import { activeProject } from '#services/schedule/projects/project_records'
import { isUniqueViolation } from '#services/shared/atomic_writes'

export type ColumnView = { column: ScheduleColumn; hiddenDates: string[] }

/**
 * The columns of a project's day grid (spec 3, schedule_columns): categories
 * chosen per project, each shown on every day unless
 * schedule_column_day_visibility hides it on one.
 */
@inject()
export class DayGridColumns {
  constructor(protected activity: ActivityLogger) {}

  async list(projectId: number): Promise<ColumnView[]> {
    await activeProject(projectId)
    const columns = await ScheduleColumn.query()
      .where('project_id', projectId)
      .orderBy('sort_order')
      .orderBy('id')
    const hidden = await db
      .from('schedule_column_day_visibility')
      .whereIn(
        'schedule_column_id',
        columns.map((column) => column.id)
      )
      .where('hidden', true)
      .orderBy('date')
      .select('schedule_column_id', db.raw(`to_char(date, 'YYYY-MM-DD') as day`))
    return columns.map((column) => ({
      column,
      hiddenDates: hidden
        .filter((row) => row.schedule_column_id === column.id)
        .map((row) => row.day as string),
    }))
  }

  async create(actor: AppUser, projectId: number, name: string) {
    return this.saving(async () => {
      const column = await db.transaction(async (trx) => {
        const project = await activeProject(projectId, trx, { lock: true })
        const last = await trx
          .from('schedule_columns')
          .where('project_id', project.id)
          .max('sort_order as last')
          .first()
        const created = await ScheduleColumn.create(
          { projectId: project.id, name, sortOrder: (last?.last ?? -1) + 1 },
          { client: trx }
        )
        await this.activity.record(
          actor,
          {
            action: 'create',
            entityType: 'schedule_column',
            entityId: created.id,
            projectId: project.id,
            summary: `Added the column "${name}" to the day grid of "${project.name}"`,
          },
          trx
        )
        return created
      })
      return { column, hiddenDates: [] }
    })
  }

  async update(
    actor: AppUser,
    projectId: number,
    columnId: number,
    fields: { name?: string; sortOrder?: number }
  ) {
    await this.saving(() =>
      db.transaction(async (trx) => {
        const project = await activeProject(projectId, trx, { lock: true })
        const column = await this.find(project.id, columnId)
        const previous = column.name
        await column.useTransaction(trx).merge(fields).save()
        await this.activity.record(
          actor,
          {
            action: 'update',
            entityType: 'schedule_column',
            entityId: column.id,
            projectId: project.id,
            summary: `Changed the day grid column "${previous}" of "${project.name}"`,
          },
          trx
        )
      })
    )
    return this.one(projectId, columnId)
  }

  /** Removes the column; its activities stay on the day, outside any column. */
  async remove(actor: AppUser, projectId: number, columnId: number) {
    await db.transaction(async (trx) => {
      const project = await activeProject(projectId, trx, { lock: true })
      const column = await this.find(project.id, columnId)
      await column.useTransaction(trx).delete()
      await this.activity.record(
        actor,
        {
          action: 'delete',
          entityType: 'schedule_column',
          entityId: column.id,
          projectId: project.id,
          summary: `Removed the column "${column.name}" from the day grid of "${project.name}"`,
        },
        trx
      )
    })
  }

  /** Shows or hides a column on one day of the project. */
  async setHidden(
    actor: AppUser,
    projectId: number,
    columnId: number,
    date: string,
    hidden: boolean
  ) {
    await db.transaction(async (trx) => {
      const project = await activeProject(projectId, trx, { lock: true })
      if (!isWithin(date, project.startDate, project.endDate)) {
        throw invalidField(
          'params.date',
          `The project does not run on ${formatDay(date)}`,
          'projectDay'
        )
      }
      const column = await this.find(project.id, columnId)
      const rows = trx
        .from('schedule_column_day_visibility')
        .where('schedule_column_id', column.id)
        .where('date', date)
      if (hidden) {
        await trx
          .table('schedule_column_day_visibility')
          .insert({ schedule_column_id: column.id, date, hidden: true })
          .onConflict(['schedule_column_id', 'date'])
          .merge()
      } else {
        await rows.delete()
      }
      await this.activity.record(
        actor,
        {
          action: 'update',
          entityType: 'schedule_column',
          entityId: column.id,
          projectId: project.id,
          summary: `${hidden ? 'Hid' : 'Showed'} the column "${column.name}" on ${formatDay(date)} of "${project.name}"`,
        },
        trx
      )
    })
    return this.one(projectId, columnId)
  }

  protected async one(projectId: number, columnId: number) {
    const views = await this.list(projectId)
    return views.find((view) => view.column.id === columnId)!
  }

  protected async find(projectId: number, columnId: number) {
    const column = await ScheduleColumn.query()
      .where('project_id', projectId)
      .where('id', columnId)
      .first()
    if (!column) throw new RecordNotFoundError('Column not found')
    return column
  }

  protected async saving<T>(change: () => Promise<T>) {
    try {
      return await change()
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DuplicateRecordError('The project already has a column with this name')
      }
      throw error
    }
  }
}
