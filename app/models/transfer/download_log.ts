import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type DeviceType = 'desktop' | 'mobile' | 'tablet' | 'other'

/** One download handed out: who (by network and browser), what, when. */
export default class DownloadLog extends BaseModel {
  @column({ isPrimary: true })
  declare id: string

  @column()
  declare shareId: string | null

  @column()
  declare uploadId: string | null

  @column()
  declare fileName: string

  @column()
  declare downloadedByUserId: string | null

  @column()
  declare ip: string

  @column()
  declare browser: string | null

  @column()
  declare os: string | null

  @column()
  declare deviceType: DeviceType

  @column()
  declare userAgent: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
