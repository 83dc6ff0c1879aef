import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type FeedResource = 'crew' | 'vendor'

/** A crew member's or vendor's iCalendar feed address; the token itself is never stored. */
export default class CalendarFeed extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare resourceType: FeedResource

  @column()
  declare resourceId: number

  @column({ serializeAs: null })
  declare tokenHash: string

  @column()
  declare createdBy: string | null

  @column.dateTime()
  declare revokedAt: DateTime | null

  @column()
  declare fetchCount: number

  @column.dateTime()
  declare lastFetchedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
