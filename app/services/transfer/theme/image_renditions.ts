import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp, { type Metadata } from 'sharp'
import { MediaRejected } from '#services/transfer/theme/ffmpeg'
import type { ThemeRendition } from '#models/transfer/theme_media'

/** sharp's names of the accepted image formats (AVIF is a HEIF container with AV1). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif'])

/** Widths for backgrounds: a laptop or phone, and a large or high-density screen. */
export const BACKGROUND_WIDTHS = [1280, 2560]
export const THUMBNAIL_WIDTH = 480

const EXTENSIONS = { avif: 'avif', webp: 'webp', jpeg: 'jpg' } as const
const TYPES = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' } as const

export type MadeFile = { path: string; rendition: ThemeRendition }

/**
 * Background pictures made with sharp: turned upright from their EXIF
 * orientation, scaled down (never up) to the background widths, written as
 * AVIF and WebP with a JPEG every browser reads, metadata (GPS included)
 * stripped, as sharp does whenever it re-encodes. Each file is named by its
 * content's SHA-256.
 */
export class ImageRenditions {
  constructor(readonly workDirectory: string) {}

  /** The picture's upright size; anything sharp cannot read, or another format, is refused. */
  async inspect(path: string) {
    let metadata: Metadata
    try {
      metadata = await sharp(path).metadata()
    } catch (error) {
      throw new MediaRejected(`Not a readable image: ${(error as Error).message}`)
    }
    // HEIF holds iPhone HEIC too (HEVC), which stock sharp cannot decode: AVIF only.
    const heic = metadata.format === 'heif' && metadata.compression !== 'av1'
    if (!metadata.format || !ACCEPTED.has(metadata.format) || heic) {
      throw new MediaRejected(
        `Images must be JPEG, PNG, WebP or AVIF (this one is ${metadata.format ?? 'unknown'})`
      )
    }
    const turned = (metadata.orientation ?? 1) >= 5
    return {
      width: (turned ? metadata.height : metadata.width) ?? 0,
      height: (turned ? metadata.width : metadata.height) ?? 0,
    }
  }

  /** The background set of a picture (or of a video's poster frame). */
  async background(path: string, role: 'background' | 'poster', widths = BACKGROUND_WIDTHS) {
    const { width } = await this.inspect(path)
    // A small picture gives one size, its own; a larger one each width up to its own.
    const targets = [...new Set(widths.map((target) => Math.min(target, width)))]
    const made: MadeFile[] = []
    for (const target of targets) {
      for (const format of ['avif', 'webp', 'jpeg'] as const) {
        made.push(await this.#write(path, role, format, target))
      }
    }
    return made
  }

  async thumbnail(path: string) {
    const { width } = await this.inspect(path)
    return this.#write(path, 'thumbnail', 'jpeg', Math.min(THUMBNAIL_WIDTH, width))
  }

  async #write(
    path: string,
    role: ThemeRendition['role'],
    format: keyof typeof EXTENSIONS,
    width: number
  ): Promise<MadeFile> {
    const pipeline = sharp(path).rotate().resize({ width, withoutEnlargement: true })
    const encoded =
      format === 'avif'
        ? pipeline.avif({ quality: 50, effort: 2 })
        : format === 'webp'
          ? pipeline.webp({ quality: 78 })
          : pipeline.jpeg({ quality: 80, mozjpeg: true, progressive: true })
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    const key = `${createHash('sha256').update(data).digest('hex')}.${EXTENSIONS[format]}`
    const target = join(this.workDirectory, key)
    await writeFile(target, data)
    return {
      path: target,
      rendition: {
        role,
        format,
        key,
        type: TYPES[format],
        width: info.width,
        height: info.height,
        size: data.length,
      },
    }
  }
}
