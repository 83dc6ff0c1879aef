import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import ActivityParticipant from '#models/schedule/activity_participant'

export type ActivityMarker = 'start' | 'end'

/**
 * Something that happens on one day of a project (spec 3, activities): from
 * start to end time, or at one moment when it has no end (a milestone).
 */
export default class Activity extends BaseModel {
  static table = 'activities'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare projectId: number

  @column()
  declare date: string

  @column()
  declare name: string

  @column()
  declare activityTypeId: number | null

  @column()
  declare scheduleColumnId: number | null

  /** 'HH:MM', 24-hour. */
  @column()
  declare startTime: string

  /** Null for a milestone. */
  @column()
  declare endTime: string | null

  /** The day's first ('start') or last ('end') activity. */
  @column()
  declare marker: ActivityMarker | null

  @column()
  declare locationId: number | null

  @column()
  declare notes: string | null

  @column.dateTime({ autoCreate: true, serializeAs: null })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true, serializeAs: null })
  declare updatedAt: DateTime | null

  @hasMany(() => ActivityParticipant)
  declare participants: HasMany<typeof ActivityParticipant>
}
