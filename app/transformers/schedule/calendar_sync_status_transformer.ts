import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CalendarSync } from '#services/schedule/calendar_sync/calendar_sync'
import { DESCRIPTION_FIELDS } from '#services/schedule/calendar_sync/calendar_sync_settings'

type Status = Awaited<ReturnType<CalendarSync['status']>>

/**
 * The calendar sync's state (GET /api/admin/calsync/status, the admin page):
 * whether CALENDAR_SERVICE_KEY is usable and which service account it names
 * (never the key), the settings, the last full run, and what the settings
 * form chooses from.
 */
export default class CalendarSyncStatusTransformer extends BaseTransformer<Status> {
  toObject() {
    const { settings, lastSyncResult } = this.resource
    return {
      configured: this.resource.configured,
      serviceAccountEmail: this.resource.serviceAccountEmail,
      problem: this.resource.problem,
      settings: {
        calendarId: settings.calendarId,
        timezone: settings.timezone,
        allowedStatuses: settings.allowedStatuses,
        descriptionFields: { ...settings.descriptionFields },
      },
      lastSyncAt: this.resource.lastSyncAt,
      lastSyncResult: lastSyncResult
        ? {
            synced: lastSyncResult.synced,
            errors: lastSyncResult.errors.map((error) => ({
              projectId: error.projectId,
              projectName: error.projectName,
              message: error.message,
            })),
          }
        : null,
      projectsWithEvents: this.resource.projectsWithEvents,
      projectStatuses: this.resource.projectStatuses.map((status) => ({
        id: status.id,
        name: status.name,
      })),
      descriptionFieldOptions: Object.entries(DESCRIPTION_FIELDS).map(([key, label]) => ({
        key,
        label,
      })),
    }
  }
}
