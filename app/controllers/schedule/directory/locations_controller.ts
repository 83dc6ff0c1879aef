import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { Locations } from '#services/schedule/directory/locations'
import {
  createLocationValidator,
  locationListValidator,
  updateLocationValidator,
} from '#validators/schedule/location_validators'
import { serializer } from '#services/shared/serialize'
import LocationTransformer from '#transformers/schedule/location_transformer'

/** /api/locations of spec 3: active locations; DELETE moves one to the trash. */
@inject()
export default class LocationsController {
  constructor(protected locations: Locations) {}

  async index({ request }: HttpContext) {
    const locations = await this.locations.list(await request.validateUsing(locationListValidator))
    return serializer.serialize(LocationTransformer.transform(locations))
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createLocationValidator)
    const location = await this.locations.create(fields, scheduleUser)
    return response
      .status(201)
      .send(await serializer.serialize(LocationTransformer.transform(location)))
  }

  async show({ params }: HttpContext) {
    return serializer.serialize(LocationTransformer.transform(await this.locations.find(params.id)))
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(updateLocationValidator)
    const location = await this.locations.update(params.id, fields, scheduleUser)
    return serializer.serialize(LocationTransformer.transform(location))
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.locations.trash(params.id, scheduleUser)
    return { success: true }
  }
}
