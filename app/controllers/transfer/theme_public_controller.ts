import { Readable } from 'node:stream'
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ThemeMedia from '#models/transfer/theme_media'
import { planDelivery } from '#services/transfer/file_delivery'
import { isUuid } from '#services/transfer/theme/theme_media_library'
import { ThemeMediaStorage } from '#services/transfer/theme/theme_media_storage'
import { ThemePages, etagOf } from '#services/transfer/theme/theme_pages'
import { themedPageValidator } from '#validators/transfer/theme_validators'

const PROCESSED_FILE = /^([0-9a-f]{64})\.(avif|webp|jpg|mp4|webm)$/
const FILE_TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  mp4: 'video/mp4',
  webm: 'video/webm',
}

/**
 * What any visitor's page reads for its background (spec 2: public-config
 * and the thumbnail are public), and the processed files themselves.
 */
@inject()
export default class ThemePublicController {
  constructor(
    protected pages: ThemePages,
    protected storage: ThemeMediaStorage
  ) {}

  /** GET /api/theme/public-config/:page: revalidated on every use, 304 while unchanged. */
  async config({ params, request, response }: HttpContext) {
    const [invalid, valid] = await themedPageValidator.tryValidate(params)
    if (invalid) {
      return response.status(404).send({ error: 'No such page' })
    }
    const theme = await this.pages.publicTheme(valid.page)
    const etag = etagOf(theme)
    response.header('ETag', etag)
    response.header('Cache-Control', 'public, no-cache')
    if (request.header('if-none-match') === etag) {
      return response.status(304).send('')
    }
    return theme
  }

  /** GET /api/theme/media/:id/thumbnail: a ready medium's small JPEG. */
  async thumbnail({ params, request, response }: HttpContext) {
    const id = String(params.id)
    const media = isUuid(id) ? await ThemeMedia.find(id) : null
    const thumbnail = media?.status === 'ready' ? media.rendition('thumbnail') : undefined
    if (!thumbnail) {
      return response.status(404).send({ error: 'Thumbnail not found' })
    }
    // The medium may be reprocessed: a short life, then a cheap revalidation.
    return this.#send({ request, response }, thumbnail.key, 'public, max-age=300')
  }

  /** GET /theme-media/:file: named by content, so cached for a year and never revalidated. */
  async file({ params, request, response }: HttpContext) {
    const name = String(params.file)
    if (!PROCESSED_FILE.test(name)) {
      return response.status(404).send({ error: 'File not found' })
    }
    return this.#send({ request, response }, name, 'public, max-age=31536000, immutable')
  }

  async #send(
    { request, response }: Pick<HttpContext, 'request' | 'response'>,
    key: string,
    cacheControl: string
  ) {
    const [, hash, extension] = PROCESSED_FILE.exec(key)!
    const size = await this.storage.size(key)
    if (size === null) {
      return response.status(404).send({ error: 'File not found' })
    }
    const etag = `"${hash.slice(0, 32)}"`
    response.header('ETag', etag)
    response.header('Cache-Control', `${cacheControl}, no-transform`)
    response.header('Accept-Ranges', 'bytes')
    if (request.header('if-none-match') === etag) {
      return response.status(304).send('')
    }
    const plan = planDelivery(
      size,
      { range: request.header('range'), ifRange: request.header('if-range') },
      { etag, lastModified: new Date(0) }
    )
    if (plan.status === 416) {
      response.header('Content-Range', `bytes */${size}`)
      return response.status(416).send({ error: 'Requested range not satisfiable' })
    }
    response.header('Content-Type', FILE_TYPES[extension])
    response.header('Content-Length', String(plan.length))
    if (plan.status === 206) {
      response.header('Content-Range', `bytes ${plan.range.start}-${plan.range.end}/${size}`)
    }
    response.status(plan.status)
    response.stream(
      request.method() === 'HEAD'
        ? Readable.from([])
        : await this.storage.read(key, plan.range ?? undefined)
    )
  }
}
