import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A person a call sheet names beside the roster: producer, medic… (spec 3, call_sheet_contacts). */
export default class CallSheetContact extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare projectId: number

  @column()
  declare role: string

  @column()
  declare name: string

  @column()
  declare phone: string | null

  @column()
  declare email: string | null

  /** Whether a share recipient sees this contact's phone and email. */
  @column()
  declare isPublic: boolean

  @column()
  declare sortOrder: number

  @column.dateTime({ autoCreate: true, serializeAs: null })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true, serializeAs: null })
  declare updatedAt: DateTime | null
}
