import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type ThemeMediaKind = 'image' | 'video'
export type ThemeMediaStatus = 'pending' | 'processing' | 'ready' | 'failed'

/**
 * One processed file of a medium. `role` says what a page uses it for:
 * `background` (the picture or the video itself, at one width and format),
 * `poster` (a video's still, shown before and instead of it) and `thumbnail`
 * (the library's and the public thumbnail route's small picture).
 */
export type ThemeRendition = {
  role: 'background' | 'poster' | 'thumbnail'
  format: 'avif' | 'webp' | 'jpeg' | 'mp4' | 'webm'
  /** Content-addressed storage name: `<sha-256>.<extension>`. */
  key: string
  type: string
  width: number
  height: number
  size: number
}

/** An uploaded background image or video and where its processing stands. */
export default class ThemeMedia extends BaseModel {
  static table = 'theme_media'

  @column({ isPrimary: true })
  declare id: string

  @column()
  declare kind: ThemeMediaKind

  @column()
  declare status: ThemeMediaStatus

  /** 0–100 while processing (videos: read from ffmpeg's progress). */
  @column()
  declare progress: number

  /** Why processing failed, in ffmpeg's or sharp's words. */
  @column()
  declare error: string | null

  @column()
  declare originalName: string

  /** The upload as received, kept so the medium can be reprocessed with another preset. */
  @column({ serializeAs: null })
  declare originalKey: string

  @column()
  declare originalType: string

  @column({ consume: (value) => Number(value) })
  declare originalSize: number

  @column()
  declare width: number | null

  @column()
  declare height: number | null

  @column()
  declare durationSeconds: number | null

  @column({ prepare: (value) => JSON.stringify(value) })
  declare renditions: ThemeRendition[]

  /** The transcoding preset the renditions were made with. */
  @column()
  declare preset: string | null

  @column()
  declare attempts: number

  @column.dateTime()
  declare processingStartedAt: DateTime | null

  @column.dateTime()
  declare processedAt: DateTime | null

  @column()
  declare uploadedByUserId: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  rendition(role: ThemeRendition['role'], format?: ThemeRendition['format']) {
    return this.renditions
      .filter((entry) => entry.role === role && (!format || entry.format === format))
      .sort((a, b) => b.width - a.width)[0]
  }
}
