import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { Activities } from '#services/schedule/production/activities'
import {
  activityListValidator,
  copyDayValidator,
  createActivityValidator,
  updateActivityValidator,
} from '#validators/schedule/activity_validators'
import { serializer } from '#services/shared/serialize'
import ActivityTransformer from '#transformers/schedule/activity_transformer'

/** /api/activities (spec 3, activities and activity_participants). */
@inject()
export default class ActivitiesController {
  constructor(protected activities: Activities) {}

  async index({ request }: HttpContext) {
    const { projectId, date } = await request.validateUsing(activityListValidator)
    return serializer.serialize(
      ActivityTransformer.transform(await this.activities.list(projectId, date))
    )
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createActivityValidator)
    const view = await this.activities.create(scheduleUser, fields)
    response.status(201)
    return serializer.serialize(ActivityTransformer.transform(view))
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(updateActivityValidator)
    const view = await this.activities.update(scheduleUser, params.id, fields)
    return serializer.serialize(ActivityTransformer.transform(view))
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.activities.remove(scheduleUser, params.id)
    return { success: true }
  }

  async copyDay({ request, scheduleUser }: HttpContext) {
    const { projectId, from, to, replace } = await request.validateUsing(copyDayValidator)
    const views = await this.activities.copyDay(scheduleUser, projectId, from, to, replace ?? false)
    return serializer.serialize(ActivityTransformer.transform(views))
  }
}
