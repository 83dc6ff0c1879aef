import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** What happens on one day of a project (spec 3, project_day_info). */
export default class ProjectDayInfo extends BaseModel {
  static table = 'project_day_info'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare projectId: number

  @column()
  declare date: string

  @column()
  declare title: string | null

  /** 'HH:MM', 24-hour. */
  @column()
  declare callTime: string | null

  @column()
  declare wrapTime: string | null

  @column()
  declare notes: string | null

  @column()
  declare locationId: number | null

  @column.dateTime({ autoCreate: true, serializeAs: null })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
