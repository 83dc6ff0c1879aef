import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CrewDirectory } from '#services/schedule/directory/crew_directory'
import { bookingRangeValidator } from '#validators/schedule/resource_booking_validators'
import {
  createCrewValidator,
  crewListValidator,
  updateCrewValidator,
} from '#validators/schedule/crew_validators'
import { serializer } from '#services/shared/serialize'
import CrewTransformer from '#transformers/schedule/crew_transformer'
import CrewDetailTransformer from '#transformers/schedule/crew_detail_transformer'
import ResourceBookingTransformer from '#transformers/schedule/resource_booking_transformer'

/** /api/crew of spec 3: active crew members; DELETE moves one to the trash. */
@inject()
export default class CrewController {
  constructor(protected crew: CrewDirectory) {}

  async index({ request }: HttpContext) {
    const people = await this.crew.list(await request.validateUsing(crewListValidator))
    return serializer.serialize(CrewTransformer.transform(people))
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createCrewValidator)
    const crew = await this.crew.create(fields, scheduleUser)
    return response.status(201).send(await serializer.serialize(CrewTransformer.transform(crew)))
  }

  async show({ params }: HttpContext) {
    return serializer.serialize(CrewDetailTransformer.transform(await this.crew.show(params.id)))
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(updateCrewValidator)
    const crew = await this.crew.update(params.id, fields, scheduleUser)
    return serializer.serialize(CrewTransformer.transform(crew))
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.crew.trash(params.id, scheduleUser)
    return { success: true }
  }

  async assignments({ params, request }: HttpContext) {
    const range = await request.validateUsing(bookingRangeValidator)
    const bookings = await this.crew.assignments(params.id, range)
    return serializer.serialize(ResourceBookingTransformer.transform(bookings))
  }
}
