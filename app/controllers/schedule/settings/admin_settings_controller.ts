import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ScheduleSettings } from '#services/schedule/settings/schedule_settings'

/** GET and PATCH /api/admin/settings (spec 3, Administration). */
@inject()
export default class AdminSettingsController {
  constructor(protected settings: ScheduleSettings) {}

  async show() {
    return this.settings.describe()
  }

  /** The body is `{ [key]: value }`; each key has its own rule (see ScheduleSettings). */
  async update({ request }: HttpContext) {
    await this.settings.update(request.body())
    return this.settings.describe()
  }
}
