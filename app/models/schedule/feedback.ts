import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const FEEDBACK_CATEGORIES = ['bug', 'idea', 'question', 'other'] as const
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number]

/** Where an admin's triage has got to (spec 3 leaves the values open). */
export const FEEDBACK_STATUSES = ['new', 'in_progress', 'done', 'wont_fix'] as const
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number]

/** One piece of in-app feedback (spec 3, feedback). */
export default class Feedback extends BaseModel {
  static table = 'feedback'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: string | null

  @column()
  declare reporterName: string

  @column()
  declare reporterEmail: string

  @column()
  declare category: FeedbackCategory

  @column()
  declare description: string

  @column()
  declare pageUrl: string | null

  /** Where the re-encoded screenshot is on the private disk. */
  @column()
  declare screenshotKey: string | null

  @column()
  declare screenshotType: string | null

  @column()
  declare screenshotWidth: number | null

  @column()
  declare screenshotHeight: number | null

  @column()
  declare screenshotSize: number | null

  @column()
  declare status: FeedbackStatus

  @column()
  declare adminNotes: string | null

  @column.dateTime()
  declare taskboardSentAt: DateTime | null

  @column()
  declare taskboardError: string | null

  @column()
  declare taskboardAttempts: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
