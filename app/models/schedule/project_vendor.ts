import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import Vendor from '#models/schedule/vendor'
import Status from '#models/schedule/status'
import AssignmentDayNote from '#models/schedule/assignment_day_note'

/** A vendor booking on a project's roster (spec 3, project_vendor). */
export default class ProjectVendor extends BaseModel {
  static table = 'project_vendor'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare projectId: number

  @column()
  declare vendorId: number

  @column()
  declare statusId: number | null

  @column()
  declare notes: string | null

  /** Crew and vendors share one order on a project's roster. */
  @column()
  declare sortOrder: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => Vendor)
  declare vendor: BelongsTo<typeof Vendor>

  @belongsTo(() => Status)
  declare status: BelongsTo<typeof Status>

  @hasMany(() => AssignmentDayNote, { foreignKey: 'projectVendorId' })
  declare dayNotes: HasMany<typeof AssignmentDayNote>
}
