import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ScheduleSettings } from '#services/schedule/settings/schedule_settings'
import { serializer } from '#services/shared/serialize'
import AdminSettingsTransformer from '#transformers/schedule/admin_settings_transformer'

/** GET and PATCH /api/admin/settings (spec 3, Administration). */
@inject()
export default class AdminSettingsController {
  constructor(protected settings: ScheduleSettings) {}

  async show() {
    return this.described()
  }

  /** The body is `{ [key]: value }`; each key has its own rule (see ScheduleSettings). */
  async update({ request }: HttpContext) {
    await this.settings.update(request.body())
    return this.described()
  }

  protected async described() {
    return serializer.serialize(AdminSettingsTransformer.transform(await this.settings.describe()))
  }
}
