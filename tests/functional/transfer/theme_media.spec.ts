import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import ace from '@adonisjs/core/services/ace'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import sharp from 'sharp'
import ThemeMedia from '#models/transfer/theme_media'
import type { JobSender } from '#services/shared/jobs/job_definition'
import { Ffmpeg } from '#services/transfer/theme/ffmpeg'
import {
  THEME_IMAGE_JOB,
  THEME_VIDEO_JOB,
  ThemeMediaLibrary,
} from '#services/transfer/theme/theme_media_library'
import { ThemeMediaProcessor } from '#services/transfer/theme/theme_media_processor'
import {
  FsThemeMediaStorage,
  S3ThemeMediaStorage,
  ThemeMediaStorage,
} from '#services/transfer/theme/theme_media_storage'
import { TRANSCODE_PRESETS } from '#services/transfer/theme/transcode_presets'
import { S3UploadStorage } from '#services/transfer/upload_storage'
import { transferConfig } from '#config/transfer'
import { TestS3Server } from '#tests/helpers/s3_server'
import { ThemeMediaFiles, probe } from '#tests/helpers/theme_media_files'
import { transferPerson } from '#tests/helpers/transfer_people'
import { runCommand } from '#tests/helpers/ace_commands'

/*
 * Theme media in one process: uploads through the admin API, processing run
 * as the job runs it (real sharp, real ffmpeg on small generated inputs),
 * files read back through the public routes. The job queue is replaced by a
 * recorder, so each test says which jobs its actions sent.
 */

const files = new ThemeMediaFiles()
let storageDirectory = ''
const sent: { name: string; data: object | null }[] = []
const recorder: JobSender = {
  async send(name, data = null) {
    sent.push({ name, data })
    return 'job'
  },
}

/**
 * A group's parts: the inputs, theme media on a disk of its own (a temporary
 * folder, or `storage` when given), this `ffmpeg`, and the recorder as the
 * library's job queue. Returns what undoes it.
 */
async function useThemeParts(ffmpeg: Ffmpeg, storage?: () => Promise<ThemeMediaStorage>) {
  await files.create()
  let made: ThemeMediaStorage
  if (storage) {
    made = await storage()
  } else {
    storageDirectory = await mkdtemp(join(tmpdir(), 'theme-storage-'))
    made = new FsThemeMediaStorage(storageDirectory)
  }
  app.container.swap(ThemeMediaStorage as any, () => made)
  app.container.swap(Ffmpeg, () => ffmpeg)
  app.container.swap(
    ThemeMediaLibrary,
    async (resolver) =>
      new ThemeMediaLibrary(
        made,
        ffmpeg,
        await resolver.make(ThemeMediaProcessor),
        recorder,
        transferConfig.theme
      )
  )
  return async () => {
    app.container.restore(ThemeMediaStorage as any)
    app.container.restore(Ffmpeg)
    app.container.restore(ThemeMediaLibrary)
    await files.remove()
    if (!storage) {
      await rm(storageDirectory, { recursive: true, force: true })
    }
  }
}

/** One processing run, as the medium's job does it. */
async function processMedia(id: string) {
  const processor = await app.container.make(ThemeMediaProcessor)
  return processor.process(id)
}

type AdminSession = Awaited<ReturnType<typeof transferPerson>>['session']

/** POST /api/theme/media as the admin's browser sends it: the file in the form field `file`. */
function uploadMedia(client: ApiClient, session: AdminSession, path: string) {
  return client.post('/api/theme/media').file('file', path).withSession(session).withCsrfToken()
}

async function admin() {
  const { session } = await transferPerson('admin')
  return session
}

test.group('theme media: processing', (group) => {
  group.setup(() => useThemeParts(new Ffmpeg()))
  group.each.setup(() => {
    sent.length = 0
    return testUtils.db().withGlobalTransaction()
  })

  test('images of every accepted format become AVIF, WebP and JPEG backgrounds and a thumbnail', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    for (const name of ['photo.jpg', 'logo.png', 'still.webp', 'frame.avif']) {
      const upload = await uploadMedia(client, session, await files.image(name, 1600, 900))
      upload.assertStatus(201)
      assert.containsSubset(upload.body(), {
        kind: 'image',
        status: 'pending',
        name,
        thumbnailUrl: null,
      })
      const id = upload.body().id
      assert.deepInclude(sent, { name: THEME_IMAGE_JOB, data: { mediaId: id } })

      assert.equal(await processMedia(id), 'ready')
      const media = await ThemeMedia.findOrFail(id)
      // The JPEG was taken with the camera turned (EXIF orientation 6): it comes out upright.
      const [width, height] = name.endsWith('.jpg') ? [900, 1600] : [1600, 900]
      assert.containsSubset(media.$attributes, { status: 'ready', progress: 100, width, height })
      const backgrounds = media.renditions.filter((entry) => entry.role === 'background')
      assert.sameMembers(
        backgrounds.map((entry) => `${entry.format} ${entry.width}`),
        // Never enlarged: the portrait one (900 wide) comes in its own width only.
        [...new Set([1280, 2560].map((w) => Math.min(w, width)))].flatMap((w) => [
          `avif ${w}`,
          `webp ${w}`,
          `jpeg ${w}`,
        ])
      )

      for (const rendition of media.renditions) {
        const served = await client.get(`/theme-media/${rendition.key}`)
        served.assertStatus(200)
        served.assertHeader('content-type', rendition.type)
        served.assertHeader('cache-control', 'public, max-age=31536000, immutable, no-transform')
        const metadata = await sharp(served.body() as Buffer).metadata()
        assert.equal(metadata.width, rendition.width)
        // Metadata stripped: no EXIF (the GPS position went with it).
        assert.isUndefined(metadata.exif, `${name} → ${rendition.key} keeps no EXIF`)
      }
      const thumbnail = await client.get(`/api/theme/media/${id}/thumbnail`)
      thumbnail.assertStatus(200)
      thumbnail.assertHeader('content-type', 'image/jpeg')
      const small = await sharp(thumbnail.body() as Buffer).metadata()
      assert.equal(small.width, 480)
    }
  }).timeout(120_000)

  test('a video becomes muted H.264 MP4 and VP9 WebM at two sizes, with a poster and a thumbnail', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    const upload = await uploadMedia(
      client,
      session,
      await files.video('drone.mov', { width: 320, height: 180 })
    )
    upload.assertStatus(201)
    const id = upload.body().id
    assert.deepInclude(sent, { name: THEME_VIDEO_JOB, data: { mediaId: id } })

    // The "fast" preset's sizes: 1280×720 and 854×480, neither larger than the source.
    await client
      .post('/api/theme/settings/transcode')
      .json({ preset: 'fast' })
      .withSession(session)
      .withCsrfToken()
      .then((response) => response.assertBody({ preset: 'fast' }))

    assert.equal(await processMedia(id), 'ready')
    const media = await ThemeMedia.findOrFail(id)
    assert.containsSubset(media.$attributes, {
      status: 'ready',
      progress: 100,
      width: 320,
      height: 180,
      preset: 'fast',
    })
    assert.approximately(media.durationSeconds!, 2, 0.2)

    const videos = media.renditions.filter((entry) => entry.role === 'background')
    assert.sameMembers(
      videos.map((entry) => entry.format),
      ['mp4', 'mp4', 'webm', 'webm']
    )
    for (const rendition of videos) {
      const path = join(storageDirectory, rendition.key)
      const info = await probe(path)
      const streams = info.streams.map((stream) => stream.codec_type)
      assert.deepEqual(streams, ['video'], `${rendition.key} has no sound`)
      assert.equal(info.streams[0].codec_name, rendition.format === 'mp4' ? 'h264' : 'vp9')
      assert.include(info.format.format_name, rendition.format === 'mp4' ? 'mp4' : 'webm')
      assert.approximately(Number(info.format.duration), 2, 0.2)
      assert.isAtMost(info.streams[0].width!, 320)
    }
    assert.isOk(media.rendition('poster', 'jpeg'))
    assert.isOk(media.rendition('poster', 'webp'))
    assert.isOk(media.rendition('thumbnail'))

    // Video is served in ranges, as browsers and players ask for it.
    const mp4 = media.rendition('background', 'mp4')!
    const part = await client.get(`/theme-media/${mp4.key}`).header('range', 'bytes=0-99')
    part.assertStatus(206)
    part.assertHeader('content-type', 'video/mp4')
    part.assertHeader('content-range', `bytes 0-99/${mp4.size}`)
    part.assertHeader('content-length', '100')
    const beyond = await client.get(`/theme-media/${mp4.key}`).header('range', `bytes=${mp4.size}-`)
    beyond.assertStatus(416)

    // Staff get its addresses.
    const staff = await transferPerson('staff')
    const url = await client.get(`/api/theme/media/${id}/url`).withSession(staff.session)
    url.assertStatus(200)
    assert.containsSubset(url.body(), {
      id,
      kind: 'video',
      url: `/theme-media/${mp4.key}`,
      posterUrl: `/theme-media/${media.rendition('poster', 'jpeg')!.key}`,
    })
  }).timeout(120_000)

  test('ffmpeg reports progress as it transcodes', async ({ assert }) => {
    const input = await files.video('progress.mp4', { seconds: 4 })
    const ffmpeg = new Ffmpeg()
    const info = await ffmpeg.probe(input)
    const seen: number[] = []
    const directory = await mkdtemp(join(tmpdir(), 'progress-'))
    try {
      await ffmpeg.transcode(
        input,
        info,
        TRANSCODE_PRESETS.fast,
        [{ size: 'small', format: 'mp4', path: join(directory, 'small.mp4') }],
        { onProgress: (done) => seen.push(done) }
      )
    } finally {
      await rm(directory, { recursive: true, force: true })
    }
    assert.isAbove(seen.length, 1)
    assert.deepEqual(
      [...seen].sort((a, b) => a - b),
      seen,
      'never goes backwards'
    )
    assert.approximately(seen.at(-1)!, 1, 0.05)
  }).timeout(60_000)

  test('two videos at once are transcoded one after the other', async ({ assert }) => {
    const library = await app.container.make(ThemeMediaLibrary)
    const ids: string[] = []
    for (const name of ['first.mp4', 'second.mp4']) {
      const path = await files.video(name, { seconds: 3 })
      const media = await library.add(
        { path, name, size: 1, extname: 'mp4', type: 'video/mp4' },
        null
      )
      ids.push(media.id)
    }
    const outcomes = await Promise.all(ids.map((id) => processMedia(id)))
    assert.deepEqual(outcomes, ['ready', 'ready'])

    const [a, b] = await Promise.all(ids.map((id) => ThemeMedia.findOrFail(id)))
    const [earlier, later] = a.processingStartedAt! < b.processingStartedAt! ? [a, b] : [b, a]
    assert.isTrue(
      later.processingStartedAt! >= earlier.processedAt!,
      `the second started (${later.processingStartedAt}) after the first was done (${earlier.processedAt})`
    )
  }).timeout(120_000)

  test('a corrupt video ends failed with ffmpeg’s reason, and reprocessing tries again', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    const upload = await uploadMedia(client, session, await files.corruptVideo('cut-short.mp4'))
    upload.assertStatus(201)
    const id = upload.body().id

    assert.equal(await processMedia(id), 'failed')
    const listed = await client.get('/api/theme/media').withSession(session)
    const entry = listed.body().find((item: { id: string }) => item.id === id)
    assert.equal(entry.status, 'failed')
    assert.match(entry.error, /moov atom not found|Invalid data/)

    // A job for a failed medium does nothing; reprocessing queues it again.
    assert.equal(await processMedia(id), 'skipped')
    sent.length = 0
    const again = await client
      .post(`/api/theme/media/${id}/reprocess`)
      .withSession(session)
      .withCsrfToken()
    again.assertStatus(202)
    assert.containsSubset(again.body(), { status: 'pending', error: null })
    assert.deepEqual(sent, [{ name: THEME_VIDEO_JOB, data: { mediaId: id } }])
    assert.equal(await processMedia(id), 'failed')
  }).timeout(60_000)

  test('files that are neither accepted pictures nor videos are refused', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    const text = join(files.directory, 'notes.txt')
    await writeFile(text, 'not a picture')
    const refused = await uploadMedia(client, session, text)
    refused.assertStatus(422)
    assert.match(refused.body().error, /JPEG, PNG, WebP or AVIF/)

    const empty = await client.post('/api/theme/media').withSession(session).withCsrfToken()
    empty.assertStatus(422)
    assert.lengthOf(await ThemeMedia.all(), 0)
  })
})

test.group('theme media: without ffmpeg', (group) => {
  group.setup(() => useThemeParts(new Ffmpeg('/nonexistent/ffmpeg', '/nonexistent/ffprobe')))
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a video is refused with how to install ffmpeg; images still work', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    const video = await uploadMedia(client, session, await files.video('clip.mp4'))
    video.assertStatus(503)
    assert.include(video.body().error, 'apt-get install ffmpeg')

    const settings = await client.get('/api/theme/settings').withSession(session)
    assert.containsSubset(settings.body().videos, { available: false })

    const image = await uploadMedia(client, session, await files.image('still.png'))
    image.assertStatus(201)
    assert.equal(await processMedia(image.body().id), 'ready')
  }).timeout(60_000)
})

test.group('theme media: on the s3 disk', (group) => {
  const s3 = new TestS3Server()
  group.setup(async () => {
    const undo = await useThemeParts(new Ffmpeg(), async () => {
      await s3.start()
      return new S3ThemeMediaStorage(new S3UploadStorage(s3.options))
    })
    return async () => {
      await undo()
      await s3.stop()
    }
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an image is processed from and into the bucket and served from it', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    const upload = await uploadMedia(client, session, await files.image('sky.webp'))
    upload.assertStatus(201)
    assert.equal(await processMedia(upload.body().id), 'ready')
    const media = await ThemeMedia.findOrFail(upload.body().id)
    const jpeg = media.rendition('background', 'jpeg')!
    const served = await client.get(`/theme-media/${jpeg.key}`)
    served.assertStatus(200)
    served.assertHeader('content-type', 'image/jpeg')
    assert.equal((served.body() as Buffer).length, jpeg.size)

    // Deleting takes its files (and the original) out of the bucket.
    const removed = await client
      .delete(`/api/theme/media/${media.id}`)
      .withSession(session)
      .withCsrfToken()
    removed.assertBody({ success: true })
    const gone = await client.get(`/theme-media/${jpeg.key}`)
    gone.assertStatus(404)
  }).timeout(60_000)
})

test.group('theme media: commands', (group) => {
  group.setup(async () => {
    ace.ui.switchMode('raw')
    const undo = await useThemeParts(new Ffmpeg())
    return async () => {
      ace.ui.switchMode('normal')
      await undo()
    }
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('transfer:theme:list and transfer:theme:reprocess', async ({ assert }) => {
    const empty = await runCommand('transfer:theme:list')
    assert.include(empty.output, 'No background media yet')

    const library = await app.container.make(ThemeMediaLibrary)
    const path = await files.video('intro.webm', { seconds: 3 })
    const media = await library.add(
      { path, name: 'intro.webm', size: 1234, extname: 'webm', type: 'video/webm' },
      null
    )
    const waiting = await runCommand('transfer:theme:list')
    assert.match(waiting.output, /intro\.webm.*video.*pending/)
    assert.include(waiting.output, 'the upload page: plain')

    const reprocessed = await runCommand('transfer:theme:reprocess', [`--media=${media.id}`])
    assert.equal(reprocessed.exitCode, 0, reprocessed.output)
    assert.include(reprocessed.output, 'intro.webm: processing (video)')
    assert.match(reprocessed.output, /intro\.webm: ready \(\d+ files\)/)
    await media.refresh()
    assert.equal(media.status, 'ready')
    const listed = await runCommand('transfer:theme:list')
    assert.match(listed.output, /intro\.webm.*video.*ready.*320×240, 3\.0 s/)

    const unknown = await runCommand('transfer:theme:reprocess', ['--media=nope'])
    assert.equal(unknown.exitCode, 1)
    assert.include(unknown.output, 'No medium with id nope')
  }).timeout(90_000)
})
