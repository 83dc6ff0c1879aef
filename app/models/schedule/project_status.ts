import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A project's status (Enquiry, Confirmed, Wrapped…). */
export default class ProjectStatus extends BaseModel {
  static table = 'project_statuses'

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
  declare isDefault: boolean

  @column.dateTime({ autoCreate: true, serializeAs: null })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true, serializeAs: null })
  declare updatedAt: DateTime | null
}
