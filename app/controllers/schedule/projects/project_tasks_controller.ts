import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ProjectTasks } from '#services/schedule/projects/project_tasks'
import {
  createProjectTaskValidator,
  projectTaskListValidator,
  projectTaskOrderValidator,
  updateProjectTaskValidator,
} from '#validators/schedule/project_task_validators'
import { serializer } from '#services/shared/serialize'
import ProjectTaskTransformer from '#transformers/schedule/project_task_transformer'

/** /api/project-tasks of spec 3: a project's checklist. */
@inject()
export default class ProjectTasksController {
  constructor(protected tasks: ProjectTasks) {}

  async index({ request }: HttpContext) {
    const { projectId } = await request.validateUsing(projectTaskListValidator)
    return serializer.serialize(ProjectTaskTransformer.transform(await this.tasks.list(projectId)))
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createProjectTaskValidator)
    const task = await this.tasks.create(fields, scheduleUser)
    return response
      .status(201)
      .send(await serializer.serialize(ProjectTaskTransformer.transform(task)))
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(updateProjectTaskValidator)
    const task = await this.tasks.update(params.id, fields, scheduleUser)
    return serializer.serialize(ProjectTaskTransformer.transform(task))
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.tasks.delete(params.id, scheduleUser)
    return { success: true }
  }

  async reorder({ request, scheduleUser }: HttpContext) {
    const { projectId, ids } = await request.validateUsing(projectTaskOrderValidator)
    const tasks = await this.tasks.reorder(projectId, ids, scheduleUser)
    return serializer.serialize(ProjectTaskTransformer.transform(tasks))
  }
}
