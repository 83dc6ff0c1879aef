import { inject } from '@adonisjs/core'
import { LANDING_KEYS, ScheduleSettings } from '#services/schedule/settings/schedule_settings'

/** GET /api/landing-settings (spec 3, public): what the sign-in page shows, nothing else. */
@inject()
export default class LandingSettingsController {
  constructor(protected settings: ScheduleSettings) {}

  async show() {
    return this.settings.values(LANDING_KEYS)
  }
}
