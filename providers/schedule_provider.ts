import type { ApplicationService } from '@adonisjs/core/types'
import { PlacesClient, configuredPlacesClient } from '#services/schedule/places_client'

/**
 * Binds schedule's clients of outside services, built once per process from
 * its environment. Tests swap a binding to point the client at a fake on
 * loopback.
 */
export default class ScheduleProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(PlacesClient, configuredPlacesClient)
  }
}
