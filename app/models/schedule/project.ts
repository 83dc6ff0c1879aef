import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, scope, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import Client from '#models/schedule/client'
import Location from '#models/schedule/location'
import ProjectStatus from '#models/schedule/project_status'
import ProjectCrew from '#models/schedule/project_crew'
import ProjectVendor from '#models/schedule/project_vendor'
import ProjectTask from '#models/schedule/project_task'
import ProjectDayInfo from '#models/schedule/project_day_info'

/**
 * A project (spec 3, projects): runs from startDate to endDate inclusive,
 * both 'YYYY-MM-DD'.
 */
export default class Project extends BaseModel {
  /* Soft-deleted (spec 3, section 3): everyday queries use `active`, the trash `trashed`. */
  static active = scope((query) => {
    query.whereNull('deleted_at')
  })
  static trashed = scope((query) => {
    query.whereNotNull('deleted_at')
  })

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column()
  declare startDate: string

  @column()
  declare endDate: string

  @column()
  declare color: string

  @column()
  declare textColor: string

  @column()
  declare notes: string | null

  @column()
  declare clientId: number | null

  @column()
  declare locationId: number | null

  @column()
  declare projectStatusId: number | null

  @column()
  declare regionId: number | null

  @column({ prepare: (value) => JSON.stringify(value ?? {}) })
  declare calendarEventIds: Record<string, string>

  /** Date to a fingerprint of what that day's event last said (only the sync reads it). */
  @column({ prepare: (value) => JSON.stringify(value ?? {}), serializeAs: null })
  declare calendarEventFingerprints: Record<string, string>

  @column()
  declare createdBy: string | null

  @column.dateTime()
  declare deletedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => Client)
  declare client: BelongsTo<typeof Client>

  @belongsTo(() => Location)
  declare location: BelongsTo<typeof Location>

  @belongsTo(() => ProjectStatus)
  declare projectStatus: BelongsTo<typeof ProjectStatus>

  @hasMany(() => ProjectCrew)
  declare crew: HasMany<typeof ProjectCrew>

  @hasMany(() => ProjectVendor)
  declare vendors: HasMany<typeof ProjectVendor>

  @hasMany(() => ProjectTask)
  declare tasks: HasMany<typeof ProjectTask>

  @hasMany(() => ProjectDayInfo)
  declare dayInfo: HasMany<typeof ProjectDayInfo>
}
