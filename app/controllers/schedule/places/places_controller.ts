import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { PlacesClient } from '#services/schedule/places/places_client'
import {
  placeAutocompleteValidator,
  placeDetailsValidator,
} from '#validators/schedule/place_validators'

/** /api/places/* of spec 3: the address lookup proxy to Google Places. */
@inject()
export default class PlacesController {
  constructor(protected places: PlacesClient) {}

  async autocomplete({ request }: HttpContext) {
    const { q, sessionToken } = await request.validateUsing(placeAutocompleteValidator)
    return this.places.autocomplete(q, sessionToken)
  }

  async details({ request }: HttpContext) {
    const { placeId, sessionToken } = await request.validateUsing(placeDetailsValidator)
    return this.places.details(placeId, sessionToken)
  }
}
