import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const THEMED_PAGES = ['upload', 'share', 'sign_in'] as const
export type ThemedPage = (typeof THEMED_PAGES)[number]

export const THEME_MODES = ['plain', 'image', 'video', 'slideshow'] as const
export type ThemeMode = (typeof THEME_MODES)[number]

/** How one public page looks: its background, the filters on it, the overlay and text colour. */
export default class ThemePageSetting extends BaseModel {
  static table = 'theme_page_settings'

  @column({ isPrimary: true })
  declare page: ThemedPage

  @column()
  declare mode: ThemeMode

  @column()
  declare mediaIds: string[]

  /** Pixels of blur on the background. */
  @column()
  declare blur: number

  /** Percent (100: unchanged). */
  @column()
  declare brightness: number

  /** Percent (0: in colour). */
  @column()
  declare grayscale: number

  @column()
  declare overlayColor: string

  /** Percent of the overlay colour over the background. */
  @column()
  declare overlayOpacity: number

  @column()
  declare textColor: string

  @column()
  declare updatedByUserId: string | null

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
