import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** One change someone made (spec 3, activity_logs). Written by ActivityLogger. */
export default class ActivityLog extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare actorId: string | null

  @column()
  declare actorName: string | null

  @column()
  declare action: string

  @column()
  declare entityType: string

  @column()
  declare entityId: string | null

  @column()
  declare projectId: number | null

  @column()
  declare summary: string

  @column({ prepare: (value) => (value === null ? null : JSON.stringify(value)) })
  declare changes: Record<string, { from: unknown; to: unknown }> | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
