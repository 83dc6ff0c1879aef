import { createHash } from 'node:crypto'
import ThemeMedia, { type ThemeRendition } from '#models/transfer/theme_media'
import ThemePageSetting, {
  THEMED_PAGES,
  type ThemeMode,
  type ThemedPage,
} from '#models/transfer/theme_page_setting'
import { ThemeMediaRefused } from '#services/transfer/theme/theme_media_library'

/** Where processed media are served from (GET /theme-media/:file). */
export const THEME_FILES_PATH = '/theme-media'

export type PageThemeInput = {
  page: ThemedPage
  mode: ThemeMode
  mediaIds: string[]
  blur: number
  brightness: number
  grayscale: number
  overlayColor: string
  overlayOpacity: number
  textColor: string
}

/** A picture as `<picture>` takes it: AVIF and WebP `srcset`s, a JPEG for the rest. */
export type PublicPicture = {
  sources: { type: string; srcset: string }[]
  src: string
  width: number
  height: number
}

export type PublicVideo = {
  /** WebM first (smaller), then MP4; each with its width so a page picks a size. */
  sources: { type: string; src: string; width: number }[]
  poster: PublicPicture
}

/**
 * What a visitor's page needs for its background (GET
 * /api/theme/public-config/:page): public addresses of ready media only,
 * never a name, an uploader, an original or a medium still processing.
 */
export type PublicTheme = {
  page: ThemedPage
  mode: ThemeMode
  filters: { blur: number; brightness: number; grayscale: number }
  overlay: { color: string; opacity: number }
  textColor: string
  image: PublicPicture | null
  video: PublicVideo | null
  slides: PublicPicture[]
}

const DEFAULTS: Omit<PageThemeInput, 'page'> = {
  mode: 'plain',
  mediaIds: [],
  blur: 0,
  brightness: 100,
  grayscale: 0,
  overlayColor: '#000000',
  overlayOpacity: 0,
  textColor: '#ffffff',
}

function fileUrl(key: string) {
  return `${THEME_FILES_PATH}/${key}`
}

function picture(
  renditions: ThemeRendition[],
  role: 'background' | 'poster'
): PublicPicture | null {
  const of = (format: ThemeRendition['format']) =>
    renditions
      .filter((entry) => entry.role === role && entry.format === format)
      .sort((a, b) => a.width - b.width)
  const jpeg = of('jpeg')
  if (jpeg.length === 0) {
    return null
  }
  const largest = jpeg[jpeg.length - 1]
  const srcset = (entries: ThemeRendition[]) =>
    entries.map((entry) => `${fileUrl(entry.key)} ${entry.width}w`).join(', ')
  return {
    sources: (['avif', 'webp'] as const)
      .map((format) => ({ type: `image/${format}`, srcset: srcset(of(format)) }))
      .filter((source) => source.srcset.length > 0),
    src: fileUrl(largest.key),
    width: largest.width,
    height: largest.height,
  }
}

function video(renditions: ThemeRendition[]): PublicVideo | null {
  const poster = picture(renditions, 'poster')
  const sources = renditions
    .filter((entry) => entry.role === 'background' && ['webm', 'mp4'].includes(entry.format))
    .sort((a, b) => (a.format === b.format ? b.width - a.width : a.format === 'webm' ? -1 : 1))
    .map((entry) => ({ type: entry.type, src: fileUrl(entry.key), width: entry.width }))
  return poster && sources.length > 0 ? { sources, poster } : null
}

/** Each public page's theme, as admins set it and as visitors get it. */
export class ThemePages {
  async all() {
    const rows = await ThemePageSetting.query()
    return THEMED_PAGES.map((page) =>
      this.#withDefaults(
        page,
        rows.find((row) => row.page === page)
      )
    )
  }

  async get(page: ThemedPage) {
    return this.#withDefaults(page, await ThemePageSetting.find(page))
  }

  /**
   * Media must exist and suit the mode (a picture for image and slideshow
   * modes, a video for video mode); one still processing may be chosen and
   * shows once it is ready.
   */
  async save(input: PageThemeInput, userId: string | null) {
    const ids = input.mode === 'plain' ? [] : [...new Set(input.mediaIds)]
    const wanted = input.mode === 'video' ? 'video' : 'image'
    if (input.mode !== 'plain' && ids.length === 0) {
      throw new ThemeMediaRefused(
        `Choose ${wanted === 'video' ? 'a video' : 'an image'} for this mode`,
        422
      )
    }
    if (input.mode !== 'slideshow' && ids.length > 1) {
      throw new ThemeMediaRefused('Only a slideshow shows more than one image', 422)
    }
    const found = ids.length > 0 ? await ThemeMedia.query().whereIn('id', ids) : []
    for (const id of ids) {
      const media = found.find((candidate) => candidate.id === id)
      if (!media) {
        throw new ThemeMediaRefused('Media not found', 404)
      }
      if (media.kind !== wanted) {
        throw new ThemeMediaRefused(
          `${media.originalName} is ${media.kind === 'video' ? 'a video' : 'an image'}; this mode needs ${wanted === 'video' ? 'a video' : 'images'}`,
          422
        )
      }
    }
    await ThemePageSetting.updateOrCreate(
      { page: input.page },
      { ...input, mediaIds: ids, updatedByUserId: userId }
    )
    return this.get(input.page)
  }

  /** The visitor's view of a page's theme; plain when nothing it names is ready. */
  async publicTheme(page: ThemedPage): Promise<PublicTheme> {
    const settings = await this.get(page)
    const media = settings.mediaIds.length
      ? await ThemeMedia.query().whereIn('id', settings.mediaIds).where('status', 'ready')
      : []
    const ordered = settings.mediaIds
      .map((id) => media.find((candidate) => candidate.id === id))
      .filter((entry): entry is ThemeMedia => entry !== undefined)
    const theme: PublicTheme = {
      page,
      mode: 'plain',
      filters: {
        blur: settings.blur,
        brightness: settings.brightness,
        grayscale: settings.grayscale,
      },
      overlay: { color: settings.overlayColor, opacity: settings.overlayOpacity },
      textColor: settings.textColor,
      image: null,
      video: null,
      slides: [],
    }
    if (settings.mode === 'image' && ordered[0]) {
      theme.image = picture(ordered[0].renditions, 'background')
    } else if (settings.mode === 'video' && ordered[0]) {
      theme.video = video(ordered[0].renditions)
    } else if (settings.mode === 'slideshow') {
      theme.slides = ordered
        .map((entry) => picture(entry.renditions, 'background'))
        .filter((entry): entry is PublicPicture => entry !== null)
    }
    if (theme.image || theme.video || theme.slides.length > 0) {
      theme.mode = settings.mode
    }
    return theme
  }

  #withDefaults(page: ThemedPage, row: ThemePageSetting | null | undefined): PageThemeInput {
    if (!row) {
      return { page, ...DEFAULTS }
    }
    return {
      page,
      mode: row.mode,
      mediaIds: row.mediaIds,
      blur: row.blur,
      brightness: row.brightness,
      grayscale: row.grayscale,
      overlayColor: row.overlayColor,
      overlayOpacity: row.overlayOpacity,
      textColor: row.textColor,
    }
  }
}

/** A strong ETag of a JSON body: equal bodies, equal tags. */
export function etagOf(body: unknown) {
  return `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`
}
