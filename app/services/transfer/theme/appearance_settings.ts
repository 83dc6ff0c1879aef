import { inject } from '@adonisjs/core'
import { transferConfig } from '#config/transfer'
import { Ffmpeg } from '#services/transfer/theme/ffmpeg'
import { FFMPEG_MISSING } from '#services/transfer/theme/theme_media_processor'
import { ThemePages } from '#services/transfer/theme/theme_pages'
import {
  TRANSCODE_PRESETS,
  TRANSCODE_PRESET_NAMES,
  TranscodeSettings,
} from '#services/transfer/theme/transcode_presets'

/**
 * Everything the Appearance page edits besides the library (GET
 * /api/theme/settings): each page's theme, the transcoding preset, whether
 * videos can be processed here, and the size limits.
 */
@inject()
export class AppearanceSettings {
  constructor(
    protected pages: ThemePages,
    protected transcoding: TranscodeSettings,
    protected ffmpeg: Ffmpeg
  ) {}

  async summary() {
    const videos = await this.ffmpeg.available()
    return {
      pages: await this.pages.all(),
      transcode: {
        preset: await this.transcoding.preset(),
        presets: TRANSCODE_PRESET_NAMES.map((name) => ({
          name,
          label: TRANSCODE_PRESETS[name].label,
          description: TRANSCODE_PRESETS[name].description,
        })),
      },
      videos: { available: videos, problem: videos ? null : FFMPEG_MISSING },
      limits: {
        maxImageBytes: transferConfig.theme.maxImageBytes,
        maxVideoBytes: transferConfig.theme.maxVideoBytes,
        maxVideoSeconds: transferConfig.theme.maxVideoSeconds,
      },
    }
  }
}
