import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, scope } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import VendorType from '#models/schedule/vendor_type'
import Region from '#models/schedule/region'

/** A vendor: a company the production books, like a rental house (spec 3, vendors). */
export default class Vendor extends BaseModel {
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
  declare contactName: string | null

  @column()
  declare phone: string | null

  @column()
  declare email: string | null

  @column()
  declare website: string | null

  @column()
  declare address: string | null

  @column()
  declare notes: string | null

  @column()
  declare vendorTypeId: number | null

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

  @belongsTo(() => VendorType)
  declare vendorType: BelongsTo<typeof VendorType>

  @belongsTo(() => Region)
  declare region: BelongsTo<typeof Region>
}
