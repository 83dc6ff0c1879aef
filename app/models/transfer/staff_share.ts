import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import PublicUpload from '#models/transfer/public_upload'
import User from '#models/transfer/user'

/**
 * A share link for a stored file. `password` is the readable copy, encrypted
 * with the app key (decided deviation 1); `passwordHash` is bcrypt, cost 10.
 * Neither is ever serialized: the services decide who sees the readable copy.
 */
export default class StaffShare extends BaseModel {
  @column({ isPrimary: true })
  declare id: string

  @column()
  declare token: string

  @column()
  declare uploadId: string

  @column()
  declare title: string | null

  @column()
  declare message: string | null

  @column({ serializeAs: null })
  declare password: string | null

  @column({ serializeAs: null })
  declare passwordHash: string | null

  @column.dateTime()
  declare expiresAt: DateTime | null

  @column()
  declare maxDownloads: number | null

  @column()
  declare downloadCount: number

  @column.dateTime()
  declare lastDownloadedAt: DateTime | null

  @column()
  declare notifyOnDownload: boolean

  @column({ prepare: (value: string[]) => JSON.stringify(value) })
  declare recipientEmails: string[]

  @column()
  declare createdByUserId: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => PublicUpload, { foreignKey: 'uploadId' })
  declare upload: BelongsTo<typeof PublicUpload>

  @belongsTo(() => User, { foreignKey: 'createdByUserId' })
  declare createdBy: BelongsTo<typeof User>
}
