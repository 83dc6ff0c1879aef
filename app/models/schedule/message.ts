import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import MessageRecipient from '#models/schedule/message_recipient'

export type MessageStatus = 'scheduled' | 'sending' | 'sent' | 'cancelled'

/** One availability request as composed: its text, when it goes and what answers do. */
export default class Message extends BaseModel {
  static table = 'messages'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare projectId: number | null

  @column()
  declare templateId: number | null

  @column()
  declare subject: string

  @column()
  declare body: string

  @column()
  declare datesText: string | null

  @column()
  declare callTime: string | null

  @column()
  declare locationText: string | null

  @column()
  declare status: MessageStatus

  @column.dateTime()
  declare sendAt: DateTime

  @column.dateTime()
  declare answersCloseAt: DateTime

  @column()
  declare availableStatusId: number | null

  @column()
  declare unavailableStatusId: number | null

  @column()
  declare maybeStatusId: number | null

  @column()
  declare createdBy: string | null

  @column()
  declare createdByName: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @hasMany(() => MessageRecipient)
  declare recipients: HasMany<typeof MessageRecipient>
}
