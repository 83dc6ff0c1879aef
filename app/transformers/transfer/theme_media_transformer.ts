import { BaseTransformer } from '@adonisjs/core/transformers'
import type ThemeMedia from '#models/transfer/theme_media'
import type { ThemedPage } from '#models/transfer/theme_page_setting'

/**
 * A medium in the admins' library: where its processing stands (`progress`
 * while processing, `error` when it failed), what it is, its thumbnail once
 * ready, and the pages using it (a medium in use cannot be deleted).
 */
export default class ThemeMediaTransformer extends BaseTransformer<{
  media: ThemeMedia
  usedOn: ThemedPage[]
}> {
  toObject() {
    const { media, usedOn } = this.resource
    const thumbnail = media.rendition('thumbnail')
    return {
      id: media.id,
      kind: media.kind,
      status: media.status,
      progress: media.progress,
      error: media.error,
      name: media.originalName,
      type: media.originalType,
      size: media.originalSize,
      width: media.width,
      height: media.height,
      durationSeconds: media.durationSeconds,
      preset: media.preset,
      thumbnailUrl:
        media.status === 'ready' && thumbnail ? `/api/theme/media/${media.id}/thumbnail` : null,
      usedOn,
      createdAt: media.createdAt.toISO(),
      processedAt: media.processedAt?.toISO() ?? null,
    }
  }
}
