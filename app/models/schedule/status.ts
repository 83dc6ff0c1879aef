import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** An assignment's status (Pencilled, Confirmed…). Statuses with booksPerson make the person busy on the project's days. */
export default class Status extends BaseModel {
  static table = 'statuses'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column()
  declare icon: string | null

  @column()
  declare color: string

  @column()
  declare sortOrder: number

  @column()
  declare booksPerson: boolean

  @column()
  declare isDefault: boolean

  @column.dateTime({ autoCreate: true, serializeAs: null })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true, serializeAs: null })
  declare updatedAt: DateTime | null
}
