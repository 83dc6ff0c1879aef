import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** One stored setting of app_settings (spec 3); keys, defaults and rules live in ScheduleSettings. */
export default class AppSetting extends BaseModel {
  static table = 'app_settings'

  @column({ isPrimary: true })
  declare key: string

  @column({ prepare: (value) => JSON.stringify(value) })
  declare value: unknown

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
