import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { AppearanceSettings } from '#services/transfer/theme/appearance_settings'
import { ThemePages } from '#services/transfer/theme/theme_pages'
import { TranscodeSettings } from '#services/transfer/theme/transcode_presets'
import { pageThemeValidator, transcodePresetValidator } from '#validators/transfer/theme_validators'

/** GET /api/theme/settings, POST /api/theme/settings/pages and /transcode (admin). */
@inject()
export default class ThemeSettingsController {
  constructor(
    protected pages: ThemePages,
    protected transcoding: TranscodeSettings
  ) {}

  @inject()
  async show(_ctx: HttpContext, appearance: AppearanceSettings) {
    return appearance.summary()
  }

  async savePage({ request, session }: HttpContext) {
    const input = await request.validateUsing(pageThemeValidator)
    return this.pages.save(input, session.get('userId') ?? null)
  }

  async saveTranscode({ request, session }: HttpContext) {
    const { preset } = await request.validateUsing(transcodePresetValidator)
    await this.transcoding.setPreset(preset, session.get('userId') ?? null)
    return { preset }
  }
}
