import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Binds schedule's clients of outside services, built once per process from
 * its environment. Tests swap a binding to point the client at a fake on
 * loopback. Every app lists this provider; only schedule's processes load
 * what is behind it.
 */
export default class ScheduleProvider {
  constructor(protected app: ApplicationService) {}

  async boot() {
    if (process.env.APP_ID !== 'schedule') {
      return
    }
    const { PlacesClient, configuredPlacesClient } =
      await import('#services/schedule/places/places_client')
    this.app.container.singleton(PlacesClient, configuredPlacesClient)
    const { StaticMapsClient, configuredStaticMapsClient } =
      await import('#services/schedule/places/static_maps_client')
    this.app.container.singleton(StaticMapsClient, configuredStaticMapsClient)
    const { CalendarClient, configuredCalendarClient } =
      await import('#services/schedule/calendar_sync/calendar_client')
    this.app.container.singleton(CalendarClient, configuredCalendarClient)
    const { SmsChannel, configuredSmsChannel } =
      await import('#services/schedule/messaging/sms_channel')
    this.app.container.singleton(SmsChannel, configuredSmsChannel)
  }
}
