import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { DayGridColumns } from '#services/schedule/production/day_grid_columns'
import {
  columnDayValidator,
  createColumnValidator,
  updateColumnValidator,
} from '#validators/schedule/activity_validators'
import { serializer } from '#services/shared/serialize'
import ScheduleColumnTransformer from '#transformers/schedule/schedule_column_transformer'

/** /api/projects/:id/schedule-columns (spec 3, schedule_columns and schedule_column_day_visibility). */
@inject()
export default class ScheduleColumnsController {
  constructor(protected columns: DayGridColumns) {}

  async index({ params }: HttpContext) {
    return serializer.serialize(
      ScheduleColumnTransformer.transform(await this.columns.list(params.id))
    )
  }

  async store({ params, request, response, scheduleUser }: HttpContext) {
    const { name } = await request.validateUsing(createColumnValidator)
    const view = await this.columns.create(scheduleUser, params.id, name)
    response.status(201)
    return serializer.serialize(ScheduleColumnTransformer.transform(view))
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(updateColumnValidator)
    const view = await this.columns.update(scheduleUser, params.id, params.columnId, fields)
    return serializer.serialize(ScheduleColumnTransformer.transform(view))
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.columns.remove(scheduleUser, params.id, params.columnId)
    return { success: true }
  }

  async day({ params, request, scheduleUser }: HttpContext) {
    const { hidden, params: day } = await request.validateUsing(columnDayValidator)
    const view = await this.columns.setHidden(
      scheduleUser,
      params.id,
      params.columnId,
      day.date,
      hidden
    )
    return serializer.serialize(ScheduleColumnTransformer.transform(view))
  }
}
