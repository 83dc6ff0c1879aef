import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

const json = { prepare: (value: unknown) => JSON.stringify(value ?? []) }

/** How a project's call sheets look (spec 3, call_sheet_config): one row per project at most. */
export default class CallSheetConfig extends BaseModel {
  static table = 'call_sheet_config'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare projectId: number

  @column(json)
  declare hiddenSections: string[]

  @column()
  declare companyName: string | null

  @column()
  declare companyAddress: string | null

  @column()
  declare companyPhone: string | null

  @column()
  declare companyEmail: string | null

  /** 'HH:MM': the crew call of a day unless the day or the day info says otherwise. */
  @column()
  declare generalCall: string | null

  @column()
  declare emergencyInfo: string | null

  /** IANA zone for sunrise and sunset; null: the calendar sync's zone. */
  @column()
  declare timezone: string | null

  /** project_crew ids whose phone and email a share recipient may see. */
  @column(json)
  declare publicCrewIds: number[]

  @column(json)
  declare publicVendorIds: number[]

  @column.dateTime({ autoCreate: true, serializeAs: null })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true, serializeAs: null })
  declare updatedAt: DateTime | null
}
