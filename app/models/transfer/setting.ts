import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** One stored setting; keys, defaults and rules live in TransferSettings. */
export default class Setting extends BaseModel {
  @column({ isPrimary: true })
  declare key: string

  @column({ prepare: (value) => JSON.stringify(value) })
  declare value: unknown

  @column()
  declare updatedByUserId: string | null

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
