import { DateTime } from 'luxon'
import type { JWK } from 'jose'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class SigningKey extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare kid: string

  @column()
  declare algorithm: string

  @column({ prepare: (value: JWK) => JSON.stringify(value) })
  declare publicJwk: JWK

  /** Encrypted with the app key (see SigningKeys). */
  @column({ serializeAs: null })
  declare privateJwk: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime()
  declare retiredAt: DateTime | null
}
