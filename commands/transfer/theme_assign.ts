import { args, flags } from '@adonisjs/core/ace'
import { TransferAdminTask } from '#commands/transfer/_admin_task_command'
import type { ThemeMediaLibrary } from '#services/transfer/theme/theme_media_library'

export default class TransferThemeAssign extends TransferAdminTask {
  static commandName = 'transfer:theme:assign'
  static description =
    "Set public pages' backgrounds: the media, the mode, the filters and the overlay, checked as the Appearance page checks them"

  static help = [
    'What is not given stays as the page has it.',
    'Without --mode, the media decide it: a video, one image, or a slideshow of several.',
    '  {{ binaryName }} transfer:theme:assign upload share --media=<id>',
    '  {{ binaryName }} transfer:theme:assign --all --media=<id> --media=<id> --blur=4',
    '  {{ binaryName }} transfer:theme:assign sign_in --none',
  ]

  @args.spread({ description: 'The pages: upload, share, sign_in', required: false })
  declare pages?: string[]

  @flags.boolean({ description: 'Every public page' })
  declare all?: boolean

  @flags.array({ description: 'A medium to show (its id); repeat it for a slideshow' })
  declare media?: string[]

  @flags.boolean({ description: 'No background medium: the plain page' })
  declare none?: boolean

  @flags.string({ description: 'plain, image, video or slideshow' })
  declare mode?: string

  @flags.string({ description: 'Blur in pixels (0 to 40)' })
  declare blur?: string

  @flags.string({ description: 'Brightness in percent (20 to 150; 100 is unchanged)' })
  declare brightness?: string

  @flags.string({ description: 'Grayscale in percent (0 to 100)' })
  declare grayscale?: string

  @flags.string({ description: 'Colour over the background, as #rrggbb' })
  declare overlayColor?: string

  @flags.string({ description: 'How much of the overlay colour shows, in percent (0 to 95)' })
  declare overlayOpacity?: string

  @flags.string({ description: 'Colour of the text on the page, as #rrggbb' })
  declare textColor?: string

  @flags.boolean({
    description: 'Print the pages as JSON (each the answer of POST /api/theme/settings/pages)',
  })
  declare json?: boolean

  async run() {
    const named = this.pages ?? []
    if (Boolean(this.all) === named.length > 0) {
      return this.wrongUsage('Name the pages (upload, share, sign_in) or give --all, not both')
    }
    const ids = (this.media ?? []).flatMap((entry) => entry.split(',')).filter(Boolean)
    if (this.none && ids.length > 0) {
      return this.wrongUsage('Use either --media or --none, not both')
    }
    const { THEMED_PAGES } = await import('#models/transfer/theme_page_setting')
    const { ThemePages } = await import('#services/transfer/theme/theme_pages')
    const { ThemeMediaLibrary: Library, PAGE_NAMES } =
      await import('#services/transfer/theme/theme_media_library')
    const { pageThemeValidator } = await import('#validators/transfer/theme_validators')
    const themes = await this.app.container.make(ThemePages)
    const library = await this.app.container.make(Library)
    const pages: string[] = this.all ? [...THEMED_PAGES] : named
    await this.guarded(async () => {
      const mode = this.mode ?? (this.none ? 'plain' : await this.#modeFor(ids, library))
      // Every page is checked before any is saved: one bad page changes none.
      const inputs = []
      for (const page of pages) {
        const current = (THEMED_PAGES as readonly string[]).includes(page)
          ? await themes.get(page as (typeof THEMED_PAGES)[number])
          : undefined
        inputs.push(
          await pageThemeValidator.validate({
            ...current,
            page,
            mode: mode ?? current?.mode,
            mediaIds: this.none ? [] : ids.length > 0 ? ids : current?.mediaIds,
            blur: this.blur ?? current?.blur,
            brightness: this.brightness ?? current?.brightness,
            grayscale: this.grayscale ?? current?.grayscale,
            overlayColor: this.overlayColor ?? current?.overlayColor,
            overlayOpacity: this.overlayOpacity ?? current?.overlayOpacity,
            textColor: this.textColor ?? current?.textColor,
          })
        )
      }
      const saved = []
      for (const input of inputs) {
        saved.push(await themes.save(input, null))
      }
      if (this.json) {
        return this.printJson(saved)
      }
      for (const page of saved) {
        const chosen = page.mediaIds.length ? ` (${page.mediaIds.join(', ')})` : ''
        this.logger.success(`${PAGE_NAMES[page.page]}: ${page.mode}${chosen}`)
      }
    })
  }

  /** The mode the media ask for: a video, one image, or a slideshow of several; none keeps the page's. */
  async #modeFor(ids: string[], library: ThemeMediaLibrary) {
    if (ids.length === 0) {
      return undefined
    }
    const media = await Promise.all(ids.map((id) => library.find(id)))
    if (media.some((entry) => entry.kind === 'video')) {
      return 'video'
    }
    return ids.length > 1 ? 'slideshow' : 'image'
  }
}
