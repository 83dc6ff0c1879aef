import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AppSetting from '#models/schedule/app_setting'
import { upsert } from '#services/shared/atomic_writes'

/**
 * What an event's description may carry besides the title, the location and
 * the dates: the admin ticks them (`calsync_description_fields`).
 */
export const DESCRIPTION_FIELDS = {
  client: 'Client',
  status: 'Project status',
  dayDetails: "The day's title, call and wrap times and notes",
  people: 'Crew and vendors booked that day',
  notes: "The project's notes",
  link: 'A link to the project in Schedule',
} as const

export type DescriptionField = keyof typeof DESCRIPTION_FIELDS
export type DescriptionFields = Record<DescriptionField, boolean>

export const DEFAULT_DESCRIPTION_FIELDS: DescriptionFields = {
  client: true,
  status: true,
  dayDetails: true,
  people: false,
  notes: false,
  link: true,
}

export const DEFAULT_TIMEZONE = 'UTC'

/** One project the last run could not bring in line with the calendar. */
export type SyncError = { projectId: number | null; projectName: string | null; message: string }
export type SyncResult = { synced: number; errors: SyncError[] }

export type CalendarSyncConfiguration = {
  calendarId: string | null
  timezone: string
  /** Project status ids whose projects go to the calendar; none chosen, none go. */
  allowedStatuses: number[]
  descriptionFields: DescriptionFields
}

export type CalendarSyncChanges = Partial<{
  calendarId: string | null
  timezone: string
  allowedStatuses: number[]
  descriptionFields: Partial<DescriptionFields>
}>

const KEYS = {
  calendarId: 'calsync_calendar_id',
  timezone: 'calsync_timezone',
  allowedStatuses: 'calsync_allowed_statuses',
  descriptionFields: 'calsync_description_fields',
  lastSyncAt: 'calsync_last_sync_at',
  lastSyncResult: 'calsync_last_sync_result',
} as const

/**
 * The calendar sync's keys of app_settings (spec 3): where projects go and
 * what their events say, and the last full run. They are not among the keys
 * of /api/admin/settings: the sync's own routes read and write them.
 */
export class CalendarSyncSettings {
  async configuration(client?: TransactionClientContract): Promise<CalendarSyncConfiguration> {
    const stored = await this.stored(client)
    const calendarId = stored.get(KEYS.calendarId)
    const timezone = stored.get(KEYS.timezone)
    const allowed = stored.get(KEYS.allowedStatuses)
    const fields = stored.get(KEYS.descriptionFields)
    return {
      calendarId: typeof calendarId === 'string' && calendarId !== '' ? calendarId : null,
      timezone: typeof timezone === 'string' ? timezone : DEFAULT_TIMEZONE,
      allowedStatuses: Array.isArray(allowed)
        ? allowed.filter((id): id is number => Number.isInteger(id))
        : [],
      descriptionFields: { ...DEFAULT_DESCRIPTION_FIELDS, ...pickFields(fields) },
    }
  }

  /** When the last full run finished and what it did; null before the first. */
  async lastSync(): Promise<{ at: string | null; result: SyncResult | null }> {
    const stored = await this.stored()
    const at = stored.get(KEYS.lastSyncAt)
    return {
      at: typeof at === 'string' ? at : null,
      result: (stored.get(KEYS.lastSyncResult) as SyncResult | undefined) ?? null,
    }
  }

  /** Stores the changes together (already validated); a null calendar id turns the sync off. */
  async update(changes: CalendarSyncChanges) {
    const current = await this.configuration()
    await db.transaction(async (trx) => {
      if (changes.calendarId !== undefined) {
        if (changes.calendarId === null) {
          await AppSetting.query({ client: trx }).where('key', KEYS.calendarId).delete()
        } else {
          await this.put(KEYS.calendarId, changes.calendarId, trx)
        }
      }
      if (changes.timezone !== undefined) {
        await this.put(KEYS.timezone, changes.timezone, trx)
      }
      if (changes.allowedStatuses !== undefined) {
        await this.put(KEYS.allowedStatuses, [...new Set(changes.allowedStatuses)], trx)
      }
      if (changes.descriptionFields !== undefined) {
        const fields = { ...current.descriptionFields, ...changes.descriptionFields }
        await this.put(KEYS.descriptionFields, fields, trx)
      }
    })
  }

  async recordRun(result: SyncResult, at = new Date()) {
    await db.transaction(async (trx) => {
      await this.put(KEYS.lastSyncAt, at.toISOString(), trx)
      await this.put(KEYS.lastSyncResult, result, trx)
    })
  }

  protected async put(key: string, value: unknown, trx: TransactionClientContract) {
    await upsert(
      'app_settings',
      'key',
      { key, value: JSON.stringify(value), updated_at: new Date() },
      trx
    )
  }

  protected async stored(client?: TransactionClientContract) {
    const rows = await AppSetting.query(client ? { client } : {}).whereIn(
      'key',
      Object.values(KEYS)
    )
    return new Map(rows.map((row) => [row.key, row.value]))
  }
}

function pickFields(value: unknown): Partial<DescriptionFields> {
  if (typeof value !== 'object' || value === null) {
    return {}
  }
  return Object.fromEntries(
    Object.entries(value).filter(
      ([key, ticked]) => Object.hasOwn(DESCRIPTION_FIELDS, key) && typeof ticked === 'boolean'
    )
  )
}
