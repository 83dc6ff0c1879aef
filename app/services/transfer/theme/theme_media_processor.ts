import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DateTime } from 'luxon'
import ThemeMedia, { type ThemeRendition } from '#models/transfer/theme_media'
import { type Ffmpeg, MediaRejected, type TranscodeOutput } from '#services/transfer/theme/ffmpeg'
import { ImageRenditions, type MadeFile } from '#services/transfer/theme/image_renditions'
import type { ThemeMediaStorage } from '#services/transfer/theme/theme_media_storage'
import { holdTranscoding } from '#services/transfer/theme/transcoding_lock'
import {
  TRANSCODE_PRESETS,
  type TranscodePresetName,
} from '#services/transfer/theme/transcode_presets'

export type ProcessOutcome = 'ready' | 'failed' | 'skipped' | 'missing'

export const FFMPEG_MISSING =
  'Videos need ffmpeg on the server, which is not installed: install it (Debian or Ubuntu: `sudo apt-get install ffmpeg`) and restart Transfer. Images work without it.'

const VIDEO_TYPES = { mp4: 'video/mp4', webm: 'video/webm' } as const

/**
 * Turns an uploaded original into what pages show. Images: the background
 * set and a thumbnail (sharp). Videos: MP4 and WebM at the preset's two
 * sizes, a poster frame (as a background set) and a thumbnail, under the one
 * transcoding lock, with ffmpeg's progress written to the medium about once
 * a second. A file ffmpeg or sharp refuses ends `failed` with their reason;
 * a run that is stopped (the process ends) leaves `processing` for the
 * restarted job, which starts over. Processing twice is harmless: a ready
 * medium is skipped, unless reprocessing asked for it again (`pending`).
 */
export class ThemeMediaProcessor {
  constructor(
    readonly storage: ThemeMediaStorage,
    readonly ffmpeg: Ffmpeg,
    readonly preset: () => Promise<TranscodePresetName>,
    readonly limits: { maxVideoSeconds: number }
  ) {}

  async process(
    mediaId: string,
    options: {
      signal?: AbortSignal
      isLastAttempt?: boolean
      /** Each new percent of a video's transcode (for a command's progress lines). */
      onProgress?: (percent: number) => void
    } = {}
  ): Promise<ProcessOutcome> {
    const found = await ThemeMedia.find(mediaId)
    if (!found) {
      return 'missing'
    }
    if (found.status === 'ready' || found.status === 'failed') {
      return 'skipped'
    }
    const release = found.kind === 'video' ? await holdTranscoding(options.signal) : null
    const workDirectory = await mkdtemp(join(tmpdir(), 'theme-media-'))
    try {
      // Read again under the lock: another instance may have finished it meanwhile.
      const media = await ThemeMedia.find(mediaId)
      if (!media || media.status === 'ready' || media.status === 'failed') {
        return media ? 'skipped' : 'missing'
      }
      media.merge({
        status: 'processing',
        progress: 0,
        error: null,
        attempts: media.attempts + 1,
        processingStartedAt: DateTime.now(),
      })
      await media.save()
      try {
        const original = join(workDirectory, 'original')
        await this.storage.copyTo(media.originalKey, original)
        const made =
          media.kind === 'image'
            ? await this.#image(media, original, workDirectory)
            : await this.#video(media, original, workDirectory, options)
        for (const file of made) {
          await this.storage.put(file.rendition.key, file.path, file.rendition.type)
        }
        const replaced = media.renditions
        media.merge({
          status: 'ready',
          progress: 100,
          renditions: made.map((file) => file.rendition),
          processedAt: DateTime.now(),
        })
        await media.save()
        await this.removeUnused(replaced)
        return 'ready'
      } catch (error) {
        if (options.signal?.aborted) {
          throw error
        }
        if (error instanceof MediaRejected || options.isLastAttempt) {
          media.merge({ status: 'failed', error: (error as Error).message.slice(0, 1000) })
          await media.save()
          if (error instanceof MediaRejected) {
            return 'failed'
          }
        }
        throw error
      }
    } finally {
      await rm(workDirectory, { recursive: true, force: true })
      await release?.()
    }
  }

  /**
   * Files no medium names any more. Names are content hashes, so two media
   * made from the same upload share files: only those nobody uses go.
   */
  async removeUnused(renditions: ThemeRendition[]) {
    for (const { key } of renditions) {
      const used = await ThemeMedia.query()
        .whereRaw(`renditions @> ?::jsonb`, [JSON.stringify([{ key }])])
        .first()
      if (!used) {
        await this.storage.remove(key)
      }
    }
  }

  async #image(media: ThemeMedia, original: string, workDirectory: string) {
    const images = new ImageRenditions(workDirectory)
    const { width, height } = await images.inspect(original)
    const made = await images.background(original, 'background')
    made.push(await images.thumbnail(original))
    media.merge({ width, height, durationSeconds: null, preset: null })
    return made
  }

  async #video(
    media: ThemeMedia,
    original: string,
    workDirectory: string,
    { signal, onProgress }: { signal?: AbortSignal; onProgress?: (percent: number) => void }
  ) {
    if (!(await this.ffmpeg.available())) {
      throw new MediaRejected(FFMPEG_MISSING)
    }
    const probe = await this.ffmpeg.probe(original)
    if (probe.durationSeconds > this.limits.maxVideoSeconds) {
      throw new MediaRejected(
        `The video is ${Math.round(probe.durationSeconds / 60)} minutes long; backgrounds may be up to ${this.limits.maxVideoSeconds / 60} minutes`
      )
    }
    media.merge({
      width: probe.width,
      height: probe.height,
      durationSeconds: probe.durationSeconds,
    })
    const presetName = await this.preset()
    const preset = TRANSCODE_PRESETS[presetName]
    const outputs: TranscodeOutput[] = preset.sizes.flatMap((size) =>
      (['webm', 'mp4'] as const).map((format) => ({
        size: size.name,
        format,
        path: join(workDirectory, `${size.name}.${format}`),
      }))
    )
    let written = 0
    let reported = 0
    let lastWrite = 0
    let writing: Promise<unknown> = Promise.resolve()
    await this.ffmpeg.transcode(original, probe, preset, outputs, {
      signal,
      onProgress: (done) => {
        // The last percent is written once the files are stored.
        const percent = Math.min(Math.floor(done * 100), 99)
        if (percent > reported) {
          reported = percent
          onProgress?.(percent)
        }
        const now = Date.now()
        if (percent > written && now - lastWrite >= 1000) {
          written = percent
          lastWrite = now
          writing = writing.then(() =>
            ThemeMedia.query().where('id', media.id).update({ progress: percent })
          )
        }
      },
    })
    await writing
    media.merge({ progress: written, preset: presetName })

    const made: MadeFile[] = []
    for (const output of outputs) {
      const info = await this.ffmpeg.probe(output.path)
      const { size } = await stat(output.path)
      const key = `${await contentHash(output.path)}.${output.format}`
      made.push({
        path: output.path,
        rendition: {
          role: 'background',
          format: output.format,
          key,
          type: VIDEO_TYPES[output.format],
          width: info.width,
          height: info.height,
          size,
        },
      })
    }
    const poster = join(workDirectory, 'poster.png')
    await this.ffmpeg.frame(original, probe, poster)
    const images = new ImageRenditions(workDirectory)
    const largest = Math.max(...made.map((file) => file.rendition.width))
    made.push(...(await images.background(poster, 'poster', [largest])))
    made.push(await images.thumbnail(poster))
    return made
  }
}

async function contentHash(path: string) {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer)
  }
  return hash.digest('hex')
}
