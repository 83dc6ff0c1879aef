import app from '@adonisjs/core/services/app'
import { failed, ok, skipped, type DoctorCheck } from '#services/shared/doctor/doctor_check'
import {
  AddressLookupError,
  AddressLookupKeyRejectedError,
  PlacesClient,
} from '#services/schedule/places/places_client'

/**
 * The address lookup's Places key, when MAPS_API_KEY is set: one
 * autocomplete, as a person typing an address makes (Google bills it as one
 * request), through the app's own client.
 */
export function placesCheck(): DoctorCheck {
  return {
    area: 'services',
    name: 'Google Places key',
    async run() {
      const places = await app.container.make(PlacesClient)
      if (!places.isConfigured) {
        return skipped('address lookup is off (MAPS_API_KEY not set)')
      }
      try {
        const suggestions = await places.autocomplete('London')
        return ok(
          `Places API at ${places.baseUrl} took the key (${suggestions.length} suggestion(s))`
        )
      } catch (error) {
        if (error instanceof AddressLookupKeyRejectedError) {
          return failed(
            error.message,
            'Set MAPS_API_KEY to a key of a project with Places API (New) enabled, and allow this server in its restrictions'
          )
        }
        if (error instanceof AddressLookupError) {
          return failed(
            error.message,
            'Try again later; check the server’s outbound connection to Google (or PLACES_BASE_URL)'
          )
        }
        throw error
      }
    },
  }
}
