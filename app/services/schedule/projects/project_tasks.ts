import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type AppUser from '#models/schedule/app_user'
import ProjectTask from '#models/schedule/project_task'
import { ActivityLogger, changedFields } from '#services/schedule/activity/activity_logger'
import { activeProject } from '#services/schedule/projects/project_records'
import { RecordNotFoundError, invalidField } from '#services/schedule/directory/record_errors'
import { applyOrder, nextSortOrder } from '#services/schedule/projects/sort_order'

/**
 * A project's checklist (spec 3, project_tasks). Every entry carries the
 * project id, so the project's activity shows its tasks; the tasks of a
 * project in the trash cannot be read or changed.
 */
@inject()
export class ProjectTasks {
  constructor(protected activity: ActivityLogger) {}

  async list(projectId: number, trx?: TransactionClientContract) {
    await activeProject(projectId, trx)
    return ProjectTask.query({ client: trx })
      .where('project_id', projectId)
      .orderBy('sort_order')
      .orderBy('id')
  }

  /** Appended last; the author is the person adding it. The validator checked the project. */
  async create(fields: { projectId: number; text: string }, actor: AppUser) {
    return db.transaction(async (trx) => {
      const task = await ProjectTask.create(
        {
          ...fields,
          sortOrder: await nextSortOrder('project_tasks', trx, { project_id: fields.projectId }),
          authorId: actor.id,
          authorName: actor.displayName,
        },
        { client: trx }
      )
      await this.activity.record(
        actor,
        {
          action: 'create',
          entityType: 'project_task',
          entityId: task.id,
          projectId: task.projectId,
          summary: `Added task '${task.text}'`,
        },
        trx
      )
      return task.refresh()
    })
  }

  /** `completed: true` records who ticked it and when; `false` clears that. */
  async update(id: number, fields: { text?: string; completed?: boolean }, actor: AppUser) {
    return db.transaction(async (trx) => {
      const task = await this.find(id, trx)
      const changes = changedFields(task.serialize(), fields)
      if (!changes) {
        return task
      }
      const previousText = task.text
      task.merge(fields)
      if (changes.completed) {
        task.merge(
          task.completed
            ? {
                completedAt: DateTime.now(),
                completedBy: actor.id,
                completedByName: actor.displayName,
              }
            : { completedAt: null, completedBy: null, completedByName: null }
        )
      }
      await task.save()

      let summary = `Changed task '${previousText}' to '${task.text}'`
      if (changes.completed) {
        summary = `${task.completed ? 'Completed' : 'Reopened'} task '${task.text}'`
      }
      await this.activity.record(
        actor,
        {
          action: 'update',
          entityType: 'project_task',
          entityId: task.id,
          projectId: task.projectId,
          summary,
          changes,
        },
        trx
      )
      return task
    })
  }

  async delete(id: number, actor: AppUser) {
    await db.transaction(async (trx) => {
      const task = await this.find(id, trx)
      await task.delete()
      await this.activity.record(
        actor,
        {
          action: 'delete',
          entityType: 'project_task',
          entityId: task.id,
          projectId: task.projectId,
          summary: `Deleted task '${task.text}'`,
        },
        trx
      )
    })
  }

  /** `ids` names every task of the project once, in the new order. */
  async reorder(projectId: number, ids: number[], actor: AppUser) {
    return db.transaction(async (trx) => {
      const project = await activeProject(projectId, trx)
      const rows = await trx
        .from('project_tasks')
        .where('project_id', projectId)
        .select('id')
        .forUpdate()
      const existing = new Set(rows.map((row: { id: number }) => row.id))
      const sameSet =
        ids.length === existing.size &&
        new Set(ids).size === ids.length &&
        ids.every((id) => existing.has(id))
      if (!sameSet) {
        throw invalidField('ids', 'List every task of the project exactly once', 'order')
      }
      await applyOrder('project_tasks', ids, trx)
      await this.activity.record(
        actor,
        {
          action: 'reorder',
          entityType: 'project_task',
          entityId: null,
          projectId,
          summary: `Reordered the tasks of ${project.name}`,
        },
        trx
      )
      return this.list(projectId, trx)
    })
  }

  /** The task, unless it or its project is gone or in the trash. */
  protected async find(id: number, trx: TransactionClientContract) {
    const task = await ProjectTask.query({ client: trx })
      .where('id', id)
      .whereIn('project_id', (projects) =>
        projects.from('projects').select('id').whereNull('deleted_at')
      )
      .forUpdate()
      .first()
    if (!task) {
      throw new RecordNotFoundError('Task not found')
    }
    return task
  }
}
