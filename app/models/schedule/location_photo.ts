import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** One photo of a location's gallery (spec 3, location_photos). */
export default class LocationPhoto extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare locationId: number

  /** Served name (/uploads/location-photos/:filename) of the full-size JPEG. */
  @column()
  declare filename: string

  /** The name the file had on the uploader's device, shown as a fallback caption. */
  @column()
  declare originalName: string | null

  @column()
  declare description: string | null

  /** When it was taken, from EXIF, as the camera's local time ('YYYY-MM-DDTHH:mm:ss'). */
  @column()
  declare photoDate: string | null

  @column()
  declare width: number

  @column()
  declare height: number

  @column()
  declare sizeBytes: number

  @column()
  declare thumbnailSizeBytes: number

  /** Gallery order, from 0. */
  @column()
  declare position: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
