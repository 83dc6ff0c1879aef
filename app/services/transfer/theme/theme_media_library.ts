import { randomUUID } from 'node:crypto'
import { stat } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import ThemeMedia, { type ThemeMediaKind } from '#models/transfer/theme_media'
import ThemePageSetting, { type ThemedPage } from '#models/transfer/theme_page_setting'
import type { JobSender } from '#services/shared/jobs/job_definition'
import type { Ffmpeg } from '#services/transfer/theme/ffmpeg'
import {
  FFMPEG_MISSING,
  type ThemeMediaProcessor,
} from '#services/transfer/theme/theme_media_processor'
import type { ThemeMediaStorage } from '#services/transfer/theme/theme_media_storage'
import { plainFileName } from '#services/shared/file_names'

export const THEME_IMAGE_JOB = 'transfer.process-theme-image'
export const THEME_VIDEO_JOB = 'transfer.transcode-theme-video'

/** Extensions (as detected from the file's first bytes where possible) and what they are. */
export const THEME_MEDIA_EXTENSIONS: Record<string, ThemeMediaKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  webp: 'image',
  avif: 'image',
  mp4: 'video',
  m4v: 'video',
  mov: 'video',
  webm: 'video',
}

export const PAGE_NAMES: Record<ThemedPage, string> = {
  upload: 'the upload page',
  share: 'the share page',
  sign_in: 'the staff sign-in page',
}

/** Why an upload, a removal or a reprocess is refused, with the HTTP status that says so. */
export class ThemeMediaRefused extends Error {
  /** The message is for the admin, even as a 503 (see the exception handler). */
  readonly expose = true

  constructor(
    message: string,
    readonly status: 404 | 409 | 413 | 422 | 503
  ) {
    super(message)
  }
}

export type ReceivedFile = {
  /** A local copy of the upload (the multipart stream written to a temporary file). */
  path: string
  name: string
  size: number
  extname: string | undefined
  type: string | undefined
}

/* How much of a file the multipart parser reads before it gives up on the bytes and trusts the name. */
const SNIFF_BYTES = 4100

/**
 * A file on this machine as the upload form would bring it
 * (`transfer:theme:upload`), its type found as the multipart parser finds an
 * upload's: from its first bytes (file-type, the parser's own detector) when
 * the name's extension is one they can tell; from the name otherwise, or
 * when the bytes say nothing of a file long enough to have said it.
 */
export async function localThemeFile(path: string, name = basename(path)): Promise<ReceivedFile> {
  let size: number
  try {
    const info = await stat(path)
    if (!info.isFile()) {
      throw new Error('not a file')
    }
    size = info.size
  } catch {
    throw new ThemeMediaRefused(`No file at ${path}`, 404)
  }
  const { fileTypeFromFile, supportedExtensions } = await import('file-type')
  const named = extname(name).slice(1).toLowerCase()
  const detectable = !named || supportedExtensions.has(named as never)
  const sniffed = detectable ? await fileTypeFromFile(path) : undefined
  const trustName = !detectable || (!sniffed && size >= SNIFF_BYTES)
  return {
    path,
    name,
    size,
    extname: sniffed?.ext ?? (trustName && named ? named : undefined),
    type: sniffed?.mime,
  }
}

/**
 * The admins' media library: what comes in, what may go, and the jobs that
 * process it. An image goes to its own queue so it never waits behind a
 * long video; videos go to the transcoding queue (one at a time, see
 * holdTranscoding).
 */
export class ThemeMediaLibrary {
  constructor(
    readonly storage: ThemeMediaStorage,
    readonly ffmpeg: Ffmpeg,
    readonly processor: ThemeMediaProcessor,
    readonly jobs: JobSender,
    readonly limits: { maxImageBytes: number; maxVideoBytes: number }
  ) {}

  async list() {
    return ThemeMedia.query().orderBy('created_at', 'desc')
  }

  async find(id: string) {
    const media = isUuid(id) ? await ThemeMedia.find(id) : null
    if (!media) {
      throw new ThemeMediaRefused('Media not found', 404)
    }
    return media
  }

  /** Stores the original, records the medium as pending and queues its processing. */
  async add(file: ReceivedFile, userId: string | null) {
    const extension = (file.extname ?? '').toLowerCase()
    const kind = THEME_MEDIA_EXTENSIONS[extension]
    if (!kind) {
      throw new ThemeMediaRefused(
        'Choose a JPEG, PNG, WebP or AVIF image, or an MP4, MOV or WebM video',
        422
      )
    }
    const limit = kind === 'image' ? this.limits.maxImageBytes : this.limits.maxVideoBytes
    if (file.size > limit) {
      throw new ThemeMediaRefused(
        `${kind === 'image' ? 'Images' : 'Videos'} may be up to ${Math.round(limit / 1024 ** 2)} MB`,
        413
      )
    }
    if (kind === 'video' && !(await this.ffmpeg.available())) {
      throw new ThemeMediaRefused(FFMPEG_MISSING, 503)
    }
    const id = randomUUID()
    const originalKey = `originals/${id}`
    const type = file.type ?? 'application/octet-stream'
    await this.storage.put(originalKey, file.path, type)
    const media = await ThemeMedia.create({
      id,
      kind,
      status: 'pending',
      progress: 0,
      originalName: plainFileName(file.name).slice(0, 255),
      originalKey,
      originalType: type,
      originalSize: file.size,
      renditions: [],
      attempts: 0,
      uploadedByUserId: userId,
    })
    // Read back, so the medium shows every column (null where nothing is known yet).
    await media.refresh()
    await this.queue(media)
    return media
  }

  /** The pages whose theme uses a medium. */
  async usage(id: string): Promise<ThemedPage[]> {
    const pages = await ThemePageSetting.query().whereRaw('? = any(media_ids)', [id])
    return pages.map((page) => page.page)
  }

  /**
   * Refused while a page uses the medium: a page never loses its background
   * behind an admin's back; the admin picks another there first.
   */
  async remove(id: string) {
    const media = await this.find(id)
    const pages = await this.usage(media.id)
    if (pages.length > 0) {
      throw new ThemeMediaRefused(
        `In use on ${pages.map((page) => PAGE_NAMES[page]).join(' and ')}: choose another background there first`,
        409
      )
    }
    await media.delete()
    await this.processor.removeUnused(media.renditions)
    await this.storage.remove(media.originalKey)
  }

  /**
   * Made again from the original (after a failure, or with another
   * transcoding preset): by a job, or with `queue: false` by the caller
   * itself (`transfer:theme:reprocess` processes in its own process).
   */
  async reprocess(id: string, { queue = true }: { queue?: boolean } = {}) {
    const media = await this.find(id)
    if (media.kind === 'video' && !(await this.ffmpeg.available())) {
      throw new ThemeMediaRefused(FFMPEG_MISSING, 503)
    }
    media.merge({ status: 'pending', progress: 0, error: null })
    await media.save()
    if (queue) {
      await this.queue(media)
    }
    return media
  }

  async queue(media: ThemeMedia) {
    await this.jobs.send(media.kind === 'video' ? THEME_VIDEO_JOB : THEME_IMAGE_JOB, {
      mediaId: media.id,
    })
  }

  /** After a start: every medium waiting or interrupted gets a job again. */
  async requeue() {
    const waiting = await ThemeMedia.query()
      .whereIn('status', ['pending', 'processing'])
      .orderBy('created_at', 'asc')
    for (const media of waiting) {
      await this.queue(media)
    }
    return waiting.length
  }
}

export function isUuid(value: string) {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
}
