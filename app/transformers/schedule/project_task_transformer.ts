import { BaseTransformer } from '@adonisjs/core/transformers'
import type ProjectTask from '#models/schedule/project_task'

/** One item of a project's checklist (spec 3, project_tasks). */
export default class ProjectTaskTransformer extends BaseTransformer<ProjectTask> {
  toObject() {
    const task = this.resource
    return {
      ...this.pick(task, [
        'id',
        'projectId',
        'text',
        'completed',
        'completedBy',
        'completedByName',
        'authorId',
        'authorName',
        'sortOrder',
      ]),
      completedAt: task.completedAt?.toISO() ?? null,
      createdAt: task.createdAt.toISO()!,
      updatedAt: task.updatedAt?.toISO() ?? null,
    }
  }
}
