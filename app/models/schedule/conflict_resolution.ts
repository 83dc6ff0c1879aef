import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A double booking someone accepted, for exactly these projects on this day. */
export default class ConflictResolution extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare resourceType: 'crew' | 'vendor'

  @column()
  declare resourceId: number

  @column()
  declare date: string

  /** Sorted ascending, so one set of projects has one spelling. */
  @column()
  declare projectIds: number[]

  @column()
  declare note: string | null

  @column()
  declare resolvedBy: string | null

  @column()
  declare resolvedByName: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
