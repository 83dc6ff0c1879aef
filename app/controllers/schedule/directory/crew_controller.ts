import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CrewDirectory } from '#services/schedule/directory/crew_directory'
import { bookingRangeValidator } from '#validators/schedule/resource_booking_validators'
import {
  createCrewValidator,
  crewListValidator,
  updateCrewValidator,
} from '#validators/schedule/crew_validators'

/** /api/crew of spec 3: active crew members; DELETE moves one to the trash. */
@inject()
export default class CrewController {
  constructor(protected crew: CrewDirectory) {}

  async index({ request }: HttpContext) {
    return this.crew.list(await request.validateUsing(crewListValidator))
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createCrewValidator)
    return response.status(201).send(await this.crew.create(fields, scheduleUser))
  }

  async show({ params }: HttpContext) {
    return this.crew.show(params.id)
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(updateCrewValidator)
    return this.crew.update(params.id, fields, scheduleUser)
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.crew.trash(params.id, scheduleUser)
    return { success: true }
  }

  async assignments({ params, request }: HttpContext) {
    const range = await request.validateUsing(bookingRangeValidator)
    return this.crew.assignments(params.id, range)
  }
}
