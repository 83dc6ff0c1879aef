import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { transferConfig } from '#config/transfer'
import { serializer } from '#services/shared/serialize'
import {
  THEME_MEDIA_EXTENSIONS,
  ThemeMediaLibrary,
  ThemeMediaRefused,
} from '#services/transfer/theme/theme_media_library'
import { THEME_FILES_PATH } from '#services/transfer/theme/theme_pages'
import ThemeMedia from '#models/transfer/theme_media'
import ThemeMediaTransformer from '#transformers/transfer/theme_media_transformer'

/** The /api/theme/media routes: the admins' library, and a medium's address for staff. */
@inject()
export default class ThemeMediaController {
  constructor(protected library: ThemeMediaLibrary) {}

  async #present(media: ThemeMedia) {
    return serializer.serialize(
      ThemeMediaTransformer.transform({ media, usedOn: await this.library.usage(media.id) })
    )
  }

  async index() {
    const media = await this.library.list()
    return Promise.all(media.map((entry) => this.#present(entry)))
  }

  /**
   * POST /api/theme/media, multipart with one `file`. The route is processed
   * by hand (config/bodyparser.ts), so the file streams to a temporary file
   * with the video limit enforced as it arrives, instead of the 20 MB that
   * other forms get.
   */
  async store({ request, response, session }: HttpContext) {
    if (!request.is(['multipart/form-data'])) {
      throw new ThemeMediaRefused('Choose a file to upload (the form field `file`)', 422)
    }
    const directory = await mkdtemp(join(tmpdir(), 'theme-upload-'))
    try {
      request.multipart.onFile(
        'file',
        {
          size: transferConfig.theme.maxVideoBytes,
          extnames: Object.keys(THEME_MEDIA_EXTENSIONS),
        },
        async (part, reportChunk) => {
          part.pause()
          part.on('data', reportChunk)
          const tmpPath = join(directory, 'upload')
          await pipeline(part, createWriteStream(tmpPath))
          return { tmpPath }
        }
      )
      await request.multipart.process({ limit: transferConfig.theme.maxVideoBytes + 1024 * 1024 })
      const file = request.file('file')
      if (file?.hasErrors) {
        const [problem] = file.errors
        throw new ThemeMediaRefused(
          problem.type === 'size'
            ? `Files may be up to ${Math.round(transferConfig.theme.maxVideoBytes / 1024 ** 2)} MB`
            : 'Choose a JPEG, PNG, WebP or AVIF image, or an MP4, MOV or WebM video',
          problem.type === 'size' ? 413 : 422
        )
      }
      if (!file?.tmpPath) {
        throw new ThemeMediaRefused('Choose a file to upload (the form field `file`)', 422)
      }
      const media = await this.library.add(
        {
          path: file.tmpPath,
          name: file.clientName,
          size: file.size,
          extname: file.extname,
          type: file.type && file.subtype ? `${file.type}/${file.subtype}` : undefined,
        },
        session.get('userId') ?? null
      )
      return response.status(201).send(await this.#present(media))
    } finally {
      await rm(directory, { recursive: true, force: true })
    }
  }

  async destroy({ params }: HttpContext) {
    await this.library.remove(String(params.id))
    return { success: true }
  }

  async reprocess({ params, response }: HttpContext) {
    const media = await this.library.reprocess(String(params.id))
    return response.status(202).send(await this.#present(media))
  }

  /**
   * GET /api/theme/media/:id/url (staff): where a ready medium is served,
   * for linking it elsewhere: the largest JPEG or MP4, and a video's poster.
   */
  async url({ params }: HttpContext) {
    const media = await this.library.find(String(params.id))
    if (media.status !== 'ready') {
      throw new ThemeMediaRefused('This media is not processed yet', 409)
    }
    const main = media.rendition('background', media.kind === 'video' ? 'mp4' : 'jpeg')!
    const poster = media.rendition('poster', 'jpeg')
    return {
      id: media.id,
      kind: media.kind,
      url: `${THEME_FILES_PATH}/${main.key}`,
      posterUrl: poster ? `${THEME_FILES_PATH}/${poster.key}` : null,
      thumbnailUrl: `/api/theme/media/${media.id}/thumbnail`,
      width: main.width,
      height: main.height,
    }
  }
}
