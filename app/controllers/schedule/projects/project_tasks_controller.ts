import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ProjectTasks } from '#services/schedule/projects/project_tasks'
import {
  createProjectTaskValidator,
  projectTaskListValidator,
  projectTaskOrderValidator,
  updateProjectTaskValidator,
} from '#validators/schedule/project_task_validators'

/** /api/project-tasks of spec 3: a project's checklist. */
@inject()
export default class ProjectTasksController {
  constructor(protected tasks: ProjectTasks) {}

  async index({ request }: HttpContext) {
    const { projectId } = await request.validateUsing(projectTaskListValidator)
    return this.tasks.list(projectId)
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createProjectTaskValidator)
    return response.status(201).send(await this.tasks.create(fields, scheduleUser))
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(updateProjectTaskValidator)
    return this.tasks.update(params.id, fields, scheduleUser)
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.tasks.delete(params.id, scheduleUser)
    return { success: true }
  }

  async reorder({ request, scheduleUser }: HttpContext) {
    const { projectId, ids } = await request.validateUsing(projectTaskOrderValidator)
    return this.tasks.reorder(projectId, ids, scheduleUser)
  }
}
