import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type TransferRole = 'staff' | 'admin'

export default class User extends BaseModel {
  @column({ isPrimary: true })
  declare id: string

  @column({ serializeAs: null })
  declare username: string | null

  @column({ serializeAs: null })
  declare passwordHash: string | null

  @column()
  declare email: string

  @column()
  declare displayName: string

  @column()
  declare role: TransferRole

  @column()
  declare ssoUserId: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
