import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, scope } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import LocationType from '#models/schedule/location_type'

/** A place projects happen (spec 3, locations); photos come with the locations issue. */
export default class Location extends BaseModel {
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
  declare address: string | null

  // numeric columns arrive as text from pg; a coordinate is a number.
  @column({ consume: (value) => (value === null ? null : Number(value)) })
  declare lat: number | null

  @column({ consume: (value) => (value === null ? null : Number(value)) })
  declare lng: number | null

  @column()
  declare notes: string | null

  @column()
  declare locationTypeId: number | null

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

  @belongsTo(() => LocationType)
  declare locationType: BelongsTo<typeof LocationType>
}
