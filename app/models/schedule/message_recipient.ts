import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Message from '#models/schedule/message'

export type MessageChannel = 'sms' | 'email' | 'both'
export type AvailabilityAnswer = 'available' | 'unavailable' | 'maybe'
/**
 * A recipient's state as the message page shows it. Ordered: a recipient
 * never moves back (status callbacks arrive out of order), except that
 * a resend starts over at queued.
 */
export const RECIPIENT_STATES = [
  'queued',
  'skipped',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'replied',
  'answered',
] as const
export type RecipientState = (typeof RECIPIENT_STATES)[number]

/** One person's copy of a message: delivery on each channel and their answer. */
export default class MessageRecipient extends BaseModel {
  static table = 'message_recipients'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare messageId: number

  @column()
  declare resourceType: 'crew' | 'vendor'

  @column()
  declare resourceId: number

  @column()
  declare name: string

  /** What {firstName} shows: a vendor's contact person, a crew member's first name. */
  @column()
  declare firstName: string | null

  @column()
  declare phone: string | null

  @column()
  declare email: string | null

  @column()
  declare channel: MessageChannel

  @column()
  declare status: RecipientState

  @column()
  declare smsStatus: string | null

  @column()
  declare smsSid: string | null

  @column()
  declare smsError: string | null

  @column()
  declare emailStatus: string | null

  @column()
  declare emailError: string | null

  /** The email provider's id of the email (Resend's), which its delivery events name. */
  @column()
  declare emailMessageId: string | null

  @column()
  declare attempts: number

  @column.dateTime()
  declare sentAt: DateTime | null

  @column.dateTime()
  declare deliveredAt: DateTime | null

  @column()
  declare replyText: string | null

  @column.dateTime()
  declare repliedAt: DateTime | null

  @column()
  declare answer: AvailabilityAnswer | null

  @column()
  declare answerNote: string | null

  @column()
  declare answeredVia: 'link' | 'sms' | null

  @column.dateTime()
  declare answeredAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => Message)
  declare message: BelongsTo<typeof Message>
}
