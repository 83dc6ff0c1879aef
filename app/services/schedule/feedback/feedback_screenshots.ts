import { randomUUID } from 'node:crypto'
import sharp, { type OutputInfo } from 'sharp'
import type { Disk } from '@adonisjs/drive'
import encryption from '@adonisjs/core/services/encryption'
import { scheduleDisk } from '#services/schedule/schedule_disk'
import { appUrl } from '#config/app'
import { invalidField } from '#services/schedule/directory/record_errors'

/*
 * Spec 3 leaves the limits open. A full-page screenshot of a 4K screen is
 * a few megabytes as PNG; anything bigger is not a screenshot.
 */
export const SCREENSHOT_LIMITS = {
  /** Bytes of the uploaded file. */
  maxBytes: 8 * 1024 * 1024,
  /** Decoded pixels (width × height): refuses decompression bombs before decoding. */
  maxInputPixels: 40_000_000,
  /** Longest side kept; larger images are scaled down. */
  maxSide: 3840,
  /** What may be attached (checked by decoding, not by the name). */
  formats: ['png', 'jpeg', 'webp', 'gif'] as const,
  extnames: ['png', 'jpg', 'jpeg', 'webp', 'gif'],
}

/** How long the screenshot link of a taskboard card works. */
export const SCREENSHOT_LINK_LIFETIME = '7 days'
const LINK_PURPOSE = 'feedback-screenshot'

export type StoredScreenshot = {
  key: string
  contentType: 'image/png' | 'image/jpeg'
  width: number
  height: number
  size: number
}

/**
 * Feedback screenshots: decoded and re-encoded with sharp (so only pixels
 * are kept: no metadata, no other content smuggled in a file that claims to
 * be an image), stored on schedule's private disk (`SCHEDULE_DISK`: the
 * `private` fs disk, or `s3`), served only after an access check.
 */
export class FeedbackScreenshots {
  constructor(protected disk: Disk = scheduleDisk()) {}

  /** 422 on `screenshot` for anything that is not an image within the limits. */
  async store(bytes: Buffer): Promise<StoredScreenshot> {
    const refuse = (message: string) => invalidField('screenshot', message, 'image')
    if (bytes.length > SCREENSHOT_LIMITS.maxBytes) {
      throw refuse('The screenshot must be at most 8 MB')
    }
    let format: string | undefined
    try {
      const metadata = await sharp(bytes, {
        limitInputPixels: SCREENSHOT_LIMITS.maxInputPixels,
      }).metadata()
      format = metadata.format
    } catch {
      throw refuse('The screenshot is not an image this app can read (PNG, JPEG, WebP or GIF)')
    }
    if (!SCREENSHOT_LIMITS.formats.includes(format as never)) {
      throw refuse('The screenshot must be a PNG, JPEG, WebP or GIF image')
    }
    // A photo stays a JPEG; screenshots (sharp text and flat colour) become PNG.
    const asJpeg = format === 'jpeg'
    const pipeline = sharp(bytes, { limitInputPixels: SCREENSHOT_LIMITS.maxInputPixels })
      .rotate()
      .resize({
        width: SCREENSHOT_LIMITS.maxSide,
        height: SCREENSHOT_LIMITS.maxSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
    let encoded: { data: Buffer; info: OutputInfo }
    try {
      encoded = await (
        asJpeg
          ? pipeline.jpeg({ quality: 85, mozjpeg: true })
          : pipeline.png({ compressionLevel: 9 })
      ).toBuffer({ resolveWithObject: true })
    } catch {
      throw refuse('The screenshot could not be read: it may be damaged or too large')
    }
    const key = `feedback/${randomUUID()}.${asJpeg ? 'jpg' : 'png'}`
    const contentType = asJpeg ? 'image/jpeg' : 'image/png'
    await this.disk.put(key, encoded.data, { contentType })
    return {
      key,
      contentType,
      width: encoded.info.width,
      height: encoded.info.height,
      size: encoded.data.length,
    }
  }

  async read(key: string) {
    return this.disk.getBytes(key)
  }

  async remove(key: string) {
    await this.disk.delete(key)
  }

  /**
   * A link to one feedback's screenshot that works without signing in for
   * SCREENSHOT_LINK_LIFETIME (for a taskboard card): the feedback id and
   * the file's key, signed with the app key, so it dies with the feedback.
   */
  signedLink(feedbackId: number, key: string) {
    const token = encryption
      .getMessageVerifier()
      .sign({ id: feedbackId, key }, SCREENSHOT_LINK_LIFETIME, LINK_PURPOSE)
    return `${appUrl.replace(/\/+$/, '')}/feedback-screenshots/${encodeURIComponent(token)}`
  }

  /** What a signed link names, or null when it is forged or expired. */
  openLink(token: string): { id: number; key: string } | null {
    return encryption.getMessageVerifier().unsign(token, LINK_PURPOSE) ?? null
  }
}
