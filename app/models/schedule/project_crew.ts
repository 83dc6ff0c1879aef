import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import Crew from '#models/schedule/crew'
import Status from '#models/schedule/status'
import AssignmentDayNote from '#models/schedule/assignment_day_note'

/** A crew booking on a project's roster (spec 3, project_crew). */
export default class ProjectCrew extends BaseModel {
  static table = 'project_crew'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare projectId: number

  @column()
  declare crewId: number

  @column()
  declare statusId: number | null

  /** The role on this project; null means the person's usual role. */
  @column()
  declare crewRoleId: number | null

  @column()
  declare notes: string | null

  /** Crew and vendors share one order on a project's roster. */
  @column()
  declare sortOrder: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => Crew)
  declare crew: BelongsTo<typeof Crew>

  @belongsTo(() => Status)
  declare status: BelongsTo<typeof Status>

  @hasMany(() => AssignmentDayNote, { foreignKey: 'projectCrewId' })
  declare dayNotes: HasMany<typeof AssignmentDayNote>
}
