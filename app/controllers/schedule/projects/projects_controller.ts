import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { Projects } from '#services/schedule/projects/projects'
import {
  createProjectValidator,
  projectListValidator,
  updateProjectValidator,
} from '#validators/schedule/project_validators'
import { serializer } from '#services/shared/serialize'
import ProjectTransformer from '#transformers/schedule/project_transformer'
import ProjectDetailTransformer from '#transformers/schedule/project_detail_transformer'
import ProjectChangeTransformer from '#transformers/schedule/project_change_transformer'

/** /api/projects of spec 3: the calendar's range list, the search list, and one project. */
@inject()
export default class ProjectsController {
  constructor(protected projects: Projects) {}

  async index({ request }: HttpContext) {
    const query = await request.validateUsing(projectListValidator)
    if (query.from && query.to) {
      const projects = await this.projects.inRange(query.from, query.to)
      return serializer.serialize(ProjectTransformer.transform(projects).useVariant('forList'))
    }
    const page = await this.projects.search(query.search, query.page ?? 1, query.perPage ?? 50)
    return serializer.serialize({
      meta: page.getMeta(),
      data: ProjectTransformer.transform(page.all()).useVariant('forList'),
    })
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createProjectValidator)
    const project = await this.projects.create(scheduleUser, fields)
    return response
      .status(201)
      .send(await serializer.serialize(ProjectTransformer.transform(project)))
  }

  async show({ params }: HttpContext) {
    return serializer.serialize(
      ProjectDetailTransformer.transform(await this.projects.show(params.id))
    )
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(updateProjectValidator)
    const change = await this.projects.update(scheduleUser, params.id, fields)
    return serializer.serialize(ProjectChangeTransformer.transform(change))
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.projects.trash(scheduleUser, params.id)
    return { success: true }
  }
}
