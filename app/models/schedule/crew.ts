import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, scope } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import CrewRole from '#models/schedule/crew_role'
import Region from '#models/schedule/region'

/** A crew member (spec 3, crews). */
export default class Crew extends BaseModel {
  static table = 'crews'
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
  declare phone: string | null

  @column()
  declare email: string | null

  @column()
  declare pronouns: string | null

  @column()
  declare vehicle: string | null

  @column()
  declare dietary: string | null

  @column()
  declare howWeMet: string | null

  @column()
  declare notes: string | null

  @column()
  declare crewRoleId: number | null

  @column()
  declare regionId: number | null

  @column()
  declare starred: boolean

  @column.dateTime()
  declare deletedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => CrewRole)
  declare crewRole: BelongsTo<typeof CrewRole>

  @belongsTo(() => Region)
  declare region: BelongsTo<typeof Region>
}
