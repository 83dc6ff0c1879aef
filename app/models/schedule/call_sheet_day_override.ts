import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** What one day's call sheet says instead of the project's defaults (spec 3, call_sheet_day_overrides). */
export default class CallSheetDayOverride extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare projectId: number

  @column()
  declare date: string

  @column()
  declare generalCall: string | null

  @column()
  declare locationId: number | null

  @column()
  declare notes: string | null

  @column()
  declare weatherNote: string | null

  @column()
  declare parking: string | null

  @column()
  declare nearestHospital: string | null

  @column()
  declare safetyNotes: string | null

  /** project_crew id → 'HH:MM'. */
  @column({ prepare: (value: unknown) => JSON.stringify(value ?? {}) })
  declare crewCalls: Record<string, string>

  @column.dateTime({ autoCreate: true, serializeAs: null })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true, serializeAs: null })
  declare updatedAt: DateTime | null
}
