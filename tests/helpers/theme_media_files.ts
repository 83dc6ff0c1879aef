import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'

const run = promisify(execFile)

/**
 * Small real inputs for theme media, made on the spot: videos from ffmpeg's
 * own test sources (testsrc pictures, a sine tone, so "muted" can be
 * checked), pictures drawn with sharp. A few seconds and a few hundred
 * pixels keep processing quick.
 */
export class ThemeMediaFiles {
  directory = ''

  async create() {
    this.directory = await mkdtemp(join(tmpdir(), 'theme-inputs-'))
    return this
  }

  async remove() {
    await rm(this.directory, { recursive: true, force: true })
  }

  /** A test-pattern clip with sound; `container` picks MP4 (H.264), MOV (H.264) or WebM (VP9). */
  async video(name: string, options: { seconds?: number; width?: number; height?: number } = {}) {
    const { seconds = 2, width = 320, height = 240 } = options
    const path = join(this.directory, name)
    const webm = name.endsWith('.webm')
    await run('ffmpeg', [
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${width}x${height}:rate=25:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      ...(webm
        ? ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus']
        : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac']),
      '-shortest',
      path,
    ])
    return path
  }

  /** The first part of a real MP4 (its index at the end is cut off), as an interrupted copy leaves it. */
  async corruptVideo(name: string) {
    const whole = await readFile(await this.video(`whole-${name}`))
    const path = join(this.directory, name)
    await writeFile(path, whole.subarray(0, Math.floor(whole.length / 3)))
    return path
  }

  /**
   * A gradient picture. JPEGs carry EXIF orientation 6 (taken with the
   * camera turned) and a GPS position, which processing must apply and strip.
   */
  async image(name: string, width = 640, height = 360) {
    const path = join(this.directory, name)
    const format = name.split('.').pop()!
    const base = sharp({
      create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
    }).composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect x="0" y="0" width="${width / 2}" height="${height}" fill="#2040c0"/></svg>`
        ),
      },
    ])
    const encoded =
      format === 'png'
        ? base.png()
        : format === 'webp'
          ? base.webp()
          : format === 'avif'
            ? base.avif({ effort: 0 })
            : base
                .jpeg()
                .withMetadata({ orientation: 6 })
                .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    await writeFile(path, await encoded.toBuffer())
    return path
  }
}

/** ffprobe's view of a file: container, and each stream's codec and size. */
export async function probe(path: string) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    path,
  ])
  const info = JSON.parse(stdout) as {
    format: { format_name: string; duration: string }
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[]
  }
  return info
}
