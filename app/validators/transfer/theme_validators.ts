import vine from '@vinejs/vine'
import { THEME_MODES, THEMED_PAGES } from '#models/transfer/theme_page_setting'
import { TRANSCODE_PRESET_NAMES } from '#services/transfer/theme/transcode_presets'

const colour = vine
  .string()
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/)

/** POST /api/theme/settings/pages: one page's whole theme. */
export const pageThemeValidator = vine.create({
  page: vine.enum(THEMED_PAGES),
  mode: vine.enum(THEME_MODES),
  mediaIds: vine.array(vine.string().uuid()).maxLength(12),
  blur: vine.number().withoutDecimals().range([0, 40]),
  brightness: vine.number().withoutDecimals().range([20, 150]),
  grayscale: vine.number().withoutDecimals().range([0, 100]),
  overlayColor: colour.clone(),
  overlayOpacity: vine.number().withoutDecimals().range([0, 95]),
  textColor: colour.clone(),
})

/** POST /api/theme/settings/transcode. */
export const transcodePresetValidator = vine.create({
  preset: vine.enum(TRANSCODE_PRESET_NAMES),
})

/** GET /api/theme/public-config/:page. */
export const themedPageValidator = vine.create({
  page: vine.enum(THEMED_PAGES),
})
