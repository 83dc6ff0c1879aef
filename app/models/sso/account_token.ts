import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type AccountTokenPurpose = 'verify_email' | 'reset_password' | 'change_email'

export default class AccountToken extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare purpose: AccountTokenPurpose

  @column({ serializeAs: null })
  declare tokenHash: string

  @column()
  declare email: string | null

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
