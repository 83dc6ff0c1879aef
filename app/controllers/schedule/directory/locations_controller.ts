import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { Locations } from '#services/schedule/directory/locations'
import {
  createLocationValidator,
  locationListValidator,
  updateLocationValidator,
} from '#validators/schedule/location_validators'

/** /api/locations of spec 3: active locations; DELETE moves one to the trash. */
@inject()
export default class LocationsController {
  constructor(protected locations: Locations) {}

  async index({ request }: HttpContext) {
    return this.locations.list(await request.validateUsing(locationListValidator))
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createLocationValidator)
    return response.status(201).send(await this.locations.create(fields, scheduleUser))
  }

  async show({ params }: HttpContext) {
    return this.locations.find(params.id)
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(updateLocationValidator)
    return this.locations.update(params.id, fields, scheduleUser)
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.locations.trash(params.id, scheduleUser)
    return { success: true }
  }
}
