import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CalendarSync } from '#services/schedule/calendar_sync/calendar_sync'
import { serializer } from '#services/shared/serialize'
import CalendarSyncStatusTransformer from '#transformers/schedule/calendar_sync_status_transformer'
import {
  calendarSyncSettingsValidator,
  calendarSyncTestValidator,
} from '#validators/schedule/calendar_sync_validators'

/** Calendar sync (spec 3, Administration): status, settings, test, sync now. */
@inject()
export default class CalendarSyncController {
  constructor(protected calendarSync: CalendarSync) {}

  async status() {
    return serializer.serialize(
      CalendarSyncStatusTransformer.transform(await this.calendarSync.status())
    )
  }

  async updateSettings({ request }: HttpContext) {
    await this.calendarSync.updateSettings(
      await request.validateUsing(calendarSyncSettingsValidator)
    )
    return { success: true }
  }

  async test({ request }: HttpContext) {
    const { calendarId } = await request.validateUsing(calendarSyncTestValidator)
    return this.calendarSync.test(calendarId)
  }

  /** Runs in the request: the admin waits for `{ synced, errors }`, as the spec says. */
  async sync({ response }: HttpContext) {
    if (!this.calendarSync.configured) {
      return response.serviceUnavailable({ message: this.calendarSync.notConfiguredMessage() })
    }
    return this.calendarSync.syncAll()
  }
}
