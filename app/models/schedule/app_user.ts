import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type ScheduleRole = 'staff' | 'admin'

export default class AppUser extends BaseModel {
  static table = 'app_users'

  @column({ isPrimary: true })
  declare id: string

  @column()
  declare email: string

  @column()
  declare role: ScheduleRole

  @column()
  declare ssoUserId: number

  @column()
  declare displayName: string

  @column()
  declare username: string

  @column()
  declare avatarUrl: string | null

  @column.dateTime()
  declare lastLoginAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
