import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type MessageKind = 'sms' | 'email'

/** A reusable availability request text with placeholders; one default per kind. */
export default class MessageTemplate extends BaseModel {
  static table = 'message_templates'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column()
  declare kind: MessageKind

  @column()
  declare subject: string | null

  @column()
  declare body: string

  @column()
  declare isDefault: boolean

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
