import app from '@adonisjs/core/services/app'
import { failed, ok, skipped, type DoctorCheck } from '#services/shared/doctor/doctor_check'
import { CalendarApiError, CalendarClient } from '#services/schedule/calendar_sync/calendar_client'
import { CalendarSyncSettings } from '#services/schedule/calendar_sync/calendar_sync_settings'

/**
 * The calendar sync's Google service account, when CALENDAR_SERVICE_KEY is
 * set: the key is a service account's, its self-signed token is taken, and
 * the calendar chosen in the sync's settings is one it can see. Read through
 * the sync's own client; nothing is written to the calendar.
 */
export function calendarCheck(): DoctorCheck {
  return {
    area: 'services',
    name: 'Google Calendar service account and calendar',
    // Its configuration is in the settings table.
    needsDatabase: true,
    async run() {
      const client = await app.container.make(CalendarClient)
      if (client.keyProblem) {
        return failed(
          client.keyProblem,
          'Set CALENDAR_SERVICE_KEY to the JSON key file of the service account (or that JSON in base64)'
        )
      }
      if (!client.configured) {
        return skipped('calendar sync is off (CALENDAR_SERVICE_KEY not set)')
      }
      const account = client.serviceAccountEmail!
      const { calendarId } = await new CalendarSyncSettings().configuration()
      if (!calendarId) {
        return skipped(
          `service account ${account}; no calendar chosen yet (node ace schedule:calendar:setup --calendar=<id>)`
        )
      }
      try {
        const name = await client.calendarName(calendarId)
        return ok(`service account ${account} sees calendar “${name}” (${calendarId})`)
      } catch (error) {
        if (!(error instanceof CalendarApiError)) {
          throw error
        }
        if (error.kind === 'not_found') {
          return failed(
            `service account ${account} cannot see calendar ${calendarId}`,
            `Share the calendar with ${account} (“Make changes to events”) in Google Calendar’s settings`
          )
        }
        if (error.kind === 'key') {
          return failed(
            error.message,
            'Download a new JSON key for the service account and set CALENDAR_SERVICE_KEY to it'
          )
        }
        return failed(
          error.message,
          error.transient
            ? 'Try again later; check the server’s outbound connection to Google (or CALENDAR_API_URL)'
            : `Check the calendar ${calendarId} and the service account ${account} in Google’s console`
        )
      }
    },
  }
}
