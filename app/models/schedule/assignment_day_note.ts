import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * One day of one assignment (spec 3, assignment_day_notes): a note for that
 * day, and whether the person works it. Days without a row are scheduled.
 */
export default class AssignmentDayNote extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare projectId: number

  @column()
  declare projectCrewId: number | null

  @column()
  declare projectVendorId: number | null

  @column()
  declare date: string

  @column()
  declare note: string | null

  @column()
  declare isScheduled: boolean

  @column.dateTime({ autoCreate: true, serializeAs: null })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
