import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/transfer/user'

export type UploadDisk = 'fs' | 's3'
export type UploadStatus = 'uploading' | 'complete'
export type HashStatus = 'streaming' | 'verifying' | 'done' | 'failed'
export type BackupStatus = 'not_configured' | 'pending' | 'uploading' | 'done' | 'failed'

/** A file sent through the tus endpoint, from its creation request on. */
export default class PublicUpload extends BaseModel {
  @column({ isPrimary: true })
  declare id: string

  @column({ serializeAs: null })
  declare storageKey: string

  @column()
  declare disk: UploadDisk

  @column()
  declare fileName: string

  @column()
  declare mimeType: string

  /** bigint columns come back from pg as strings; sizes stay below 2^53. */
  @column({ consume: (value) => Number(value) })
  declare size: number

  @column({ consume: (value) => Number(value) })
  declare receivedBytes: number

  @column()
  declare status: UploadStatus

  @column()
  declare uploaderName: string | null

  @column()
  declare uploaderEmail: string | null

  @column()
  declare message: string | null

  @column({ serializeAs: null })
  declare ownerKeyHash: string

  @column()
  declare uploadedByUserId: string | null

  /** Named explicitly: the snake-case strategy would make it content_sha_256. */
  @column({ columnName: 'content_sha256' })
  declare contentSha256: string | null

  @column()
  declare hashStatus: HashStatus

  @column()
  declare backupStatus: BackupStatus

  @column()
  declare backupError: string | null

  /** Bytes the provider has committed of this upload's backup (its session's offset). */
  @column({ consume: (value) => Number(value) })
  declare backupBytesDone: number

  /** The provider's upload session while a backup is under way. */
  @column({ serializeAs: null })
  declare backupSessionId: string | null

  /** Where the finished backup is at the provider. */
  @column()
  declare backupPath: string | null

  @column()
  declare backupAttempts: number

  @column.dateTime()
  declare backupStartedAt: DateTime | null

  @column.dateTime()
  declare backupSyncedAt: DateTime | null

  @column.dateTime()
  declare completedAt: DateTime | null

  @column.dateTime()
  declare expiresAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => User, { foreignKey: 'uploadedByUserId' })
  declare uploadedBy: BelongsTo<typeof User>
}
