import vine from '@vinejs/vine'
import { databaseId } from '#validators/shared/ids'
import { textLine } from '#validators/shared/free_text'
import type { DescriptionField } from '#services/schedule/calendar_sync/calendar_sync_settings'

/** An IANA zone name the runtime knows (Europe/London, UTC…). */
export const timeZone = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') {
    return
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
  } catch {
    field.report(
      'The {{ field }} field must be a time zone such as Europe/London',
      'timezone',
      field
    )
  }
})

/*
 * Google's calendar ids: an account's address or a group calendar's
 * `…@group.calendar.google.com`; no spaces, no slashes.
 */
const calendarId = () =>
  textLine()
    .minLength(3)
    .maxLength(1024)
    .regex(/^[^\s/]+$/)

/** PATCH /api/admin/calsync/settings: the fields given change; a null calendar id turns the sync off. */
export const calendarSyncSettingsValidator = vine.create({
  calendarId: calendarId().nullable().optional(),
  timezone: vine.string().trim().maxLength(64).use(timeZone()).optional(),
  allowedStatuses: vine.array(databaseId()).maxLength(100).optional(),
  descriptionFields: vine
    .object({
      client: flag(),
      status: flag(),
      dayDetails: flag(),
      people: flag(),
      notes: flag(),
      link: flag(),
    } satisfies Record<DescriptionField, unknown>)
    .optional(),
})

function flag() {
  return vine.boolean({ strict: true }).optional()
}

/** POST /api/admin/calsync/test. */
export const calendarSyncTestValidator = vine.create({
  calendarId: calendarId(),
})
