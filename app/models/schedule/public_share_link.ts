import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type SharedResource = 'project' | 'crew' | 'vendor'

/** A link that shows one project, crew member or vendor without signing in. */
export default class PublicShareLink extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare token: string

  @column()
  declare resourceType: SharedResource

  @column()
  declare resourceId: number

  @column()
  declare label: string | null

  @column.dateTime()
  declare expiresAt: DateTime | null

  @column.dateTime()
  declare revokedAt: DateTime | null

  @column()
  declare createdBy: string | null

  @column()
  declare viewCount: number

  @column.dateTime()
  declare lastViewedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
