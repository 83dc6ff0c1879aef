import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/sso/user'

export default class AuditEvent extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare event: string

  @column()
  declare userId: number | null

  @column()
  declare actorId: number | null

  @column()
  declare email: string | null

  @column()
  declare ip: string | null

  @column()
  declare userAgent: string | null

  @column({ prepare: (value: Record<string, unknown>) => JSON.stringify(value) })
  declare details: Record<string, unknown>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @belongsTo(() => User, { foreignKey: 'actorId' })
  declare actor: BelongsTo<typeof User>
}
