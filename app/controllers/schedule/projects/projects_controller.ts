import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { Projects, projectView } from '#services/schedule/projects/projects'
import {
  createProjectValidator,
  projectListValidator,
  updateProjectValidator,
} from '#validators/schedule/project_validators'

/** /api/projects of spec 3: the calendar's range list, the search list, and one project. */
@inject()
export default class ProjectsController {
  constructor(protected projects: Projects) {}

  async index({ request }: HttpContext) {
    const query = await request.validateUsing(projectListValidator)
    if (query.from && query.to) {
      return this.projects.inRange(query.from, query.to)
    }
    return this.projects.search(query.search, query.page ?? 1, query.perPage ?? 50)
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createProjectValidator)
    const project = await this.projects.create(scheduleUser, fields)
    return response.status(201).send(projectView(project))
  }

  async show({ params }: HttpContext) {
    return this.projects.show(params.id)
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(updateProjectValidator)
    return this.projects.update(scheduleUser, params.id, fields)
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.projects.trash(scheduleUser, params.id)
    return { success: true }
  }
}
