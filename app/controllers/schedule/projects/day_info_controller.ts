import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { DayInfos } from '#services/schedule/projects/day_info'
import { dayInfoDateValidator, dayInfoValidator } from '#validators/schedule/day_info_validators'
import { serializer } from '#services/shared/serialize'
import DayInfoTransformer from '#transformers/schedule/day_info_transformer'

/** /api/projects/:id/day-info[/:date] (spec 3, project_day_info). */
@inject()
export default class DayInfoController {
  constructor(protected dayInfo: DayInfos) {}

  async index({ params }: HttpContext) {
    return serializer.serialize(
      DayInfoTransformer.transform(await this.dayInfo.forProject(params.id))
    )
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const { params: day, ...fields } = await request.validateUsing(dayInfoValidator)
    const info = await this.dayInfo.put(scheduleUser, params.id, day.date, fields)
    return serializer.serialize(DayInfoTransformer.transform(info))
  }

  async destroy({ params, request, scheduleUser }: HttpContext) {
    const { params: day } = await request.validateUsing(dayInfoDateValidator)
    await this.dayInfo.remove(scheduleUser, params.id, day.date)
    return { success: true }
  }
}
