import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ConflictResolutions } from '#services/schedule/calendar/conflict_resolutions'
import {
  createResolutionValidator,
  resolutionListValidator,
} from '#validators/schedule/conflict_validators'

/** /api/conflict-resolutions of spec 3: double bookings marked as accepted. */
@inject()
export default class ConflictResolutionsController {
  constructor(protected resolutions: ConflictResolutions) {}

  async index({ request }: HttpContext) {
    const { from, to } = await request.validateUsing(resolutionListValidator)
    return this.resolutions.list(from, to)
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const input = await request.validateUsing(createResolutionValidator)
    return response.status(201).send(await this.resolutions.resolve(scheduleUser, input))
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.resolutions.remove(scheduleUser, params.id)
    return { success: true }
  }
}
