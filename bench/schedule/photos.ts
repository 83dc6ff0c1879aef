/*
 * Location photo ingest (issue 17, "Measured"): twenty 24-megapixel JPEGs
 * (6000 × 4000, camera-like noise so they compress like photos) through
 * schedule's own encoder (encodePhoto: EXIF rotate, 2000 px, JPEG 85, 400 px
 * thumbnail), one after another and four at a time. Each mode runs in a
 * child process of its own, so its peak RSS is its own.
 *
 *   npm run bench:schedule:photos
 */
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const PHOTOS = 20
const mode = process.argv[2]

async function cameraJpeg(seed: number) {
  // Noise at 1/4 size scaled up: detail like a photo's, not a flat colour.
  const noise = await sharp({
    create: {
      width: 1500,
      height: 1000,
      channels: 3,
      background: { r: 40 + seed, g: 90, b: 160 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer()
  return sharp(noise)
    .resize(6000, 4000)
    .jpeg({ quality: 92 })
    .withExif({ IFD2: { DateTimeOriginal: '2026:11:24 10:00:00' } })
    .toBuffer()
}

async function child(parallel: number) {
  const { encodePhoto } = await import('#services/schedule/locations/photo_encoding')
  const { exifPhotoDate } = await import('#services/schedule/locations/exif_date')
  const inputs = [await cameraJpeg(0), await cameraJpeg(1)]
  const baseline = process.memoryUsage().rss
  const started = performance.now()
  let next = 0
  const worker = async () => {
    while (next < PHOTOS) {
      const input = inputs[next++ % inputs.length]
      const metadata = await sharp(input).metadata()
      exifPhotoDate(metadata.exif)
      await encodePhoto(input)
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker))
  const seconds = (performance.now() - started) / 1000
  const peakMb = process.resourceUsage().maxRSS / 1024
  console.log(
    JSON.stringify({
      parallel,
      seconds,
      perPhoto: seconds / PHOTOS,
      peakMb,
      baselineMb: baseline / 2 ** 20,
      inputMb: inputs[0].length / 2 ** 20,
    })
  )
}

if (mode) {
  await child(Number(mode))
} else {
  const self = fileURLToPath(import.meta.url)
  console.log(`${PHOTOS} JPEGs of 6000 × 4000, sharp concurrency ${sharp.concurrency()}`)
  for (const parallel of [1, 4]) {
    const out = execFileSync(
      process.execPath,
      ['--import=@poppinss/ts-exec', self, String(parallel)],
      {
        encoding: 'utf8',
      }
    )
    const result = JSON.parse(out.trim().split('\n').pop()!)
    console.log(
      `${parallel === 1 ? 'one after another' : 'four at once'}: ${result.seconds.toFixed(1)} s (${(result.perPhoto * 1000).toFixed(0)} ms a photo), peak RSS ${result.peakMb.toFixed(0)} MB (input ${result.inputMb.toFixed(1)} MB each)`
    )
  }
}
