import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { pageUser } from '#services/schedule/people/page_viewer'
import { ScheduleUsers } from '#services/schedule/people/schedule_users'
import { ScheduleSettings } from '#services/schedule/settings/schedule_settings'
import AppUserTransformer from '#transformers/schedule/app_user_transformer'
import AdminSettingsTransformer from '#transformers/schedule/admin_settings_transformer'
import { TaskboardWebhook } from '#services/schedule/feedback/taskboard_webhook'
import TaskboardStatusTransformer from '#transformers/schedule/taskboard_status_transformer'
import { CalendarSync } from '#services/schedule/calendar_sync/calendar_sync'
import CalendarSyncStatusTransformer from '#transformers/schedule/calendar_sync_status_transformer'

/** GET /admin: who may sign in, the app's settings, the taskboard webhook and the calendar sync, for admins. */
@inject()
export default class AdminPageController {
  constructor(
    protected users: ScheduleUsers,
    protected settings: ScheduleSettings,
    protected taskboard: TaskboardWebhook,
    protected calendarSync: CalendarSync
  ) {}

  /** Staff see a plain "admins only" answer rather than a page that fails on every request. */
  async show({ inertia, response, scheduleUser }: HttpContext) {
    if (scheduleUser.role !== 'admin') {
      return response.status(403).send('Admin access required')
    }
    return inertia.render('schedule/admin', {
      user: pageUser(scheduleUser),
      people: AppUserTransformer.transform(await this.users.list()),
      settings: AdminSettingsTransformer.transform(await this.settings.describe()),
      taskboard: TaskboardStatusTransformer.transform(await this.taskboard.status()),
      calendarSync: CalendarSyncStatusTransformer.transform(await this.calendarSync.status()),
    })
  }
}
