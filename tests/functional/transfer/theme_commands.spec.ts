import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import { transferConfig } from '#config/transfer'
import ThemeMedia from '#models/transfer/theme_media'
import ThemePageSetting from '#models/transfer/theme_page_setting'
import type { JobSender } from '#services/shared/jobs/job_definition'
import {
  THEME_IMAGE_JOB,
  THEME_VIDEO_JOB,
  ThemeMediaLibrary,
} from '#services/transfer/theme/theme_media_library'
import { ThemeMediaProcessor } from '#services/transfer/theme/theme_media_processor'
import {
  FsThemeMediaStorage,
  ThemeMediaStorage,
} from '#services/transfer/theme/theme_media_storage'
import { ThemePages } from '#services/transfer/theme/theme_pages'
import { TranscodeSettings } from '#services/transfer/theme/transcode_presets'
import { runCommand } from '#tests/helpers/ace_commands'
import { ThemeMediaFiles } from '#tests/helpers/theme_media_files'
import { transferPerson } from '#tests/helpers/transfer_people'

/*
 * Background media from the terminal, against /api/theme/*. Media are not
 * processed here (the processing itself is theme_media.spec.ts's): the job
 * queue is a recorder, so each test sees what was queued.
 */
const files = new ThemeMediaFiles()
let storageDirectory = ''
const sent: { name: string; data: object | null }[] = []
const NO_SUCH = '00000000-0000-4000-8000-000000000000'
/* A small image limit, so a refused size needs no large file. */
const MAX_IMAGE_BYTES = 1024 * 1024

async function admin() {
  const { session } = await transferPerson('admin')
  return session
}

/** A pending medium, added as an upload adds it. */
async function addMedia(name: string, path: string) {
  const library = await app.container.make(ThemeMediaLibrary)
  const { size } = await stat(path)
  return library.add({ path, name, size, extname: name.split('.').pop(), type: undefined }, null)
}

test.group('transfer theme commands', (group) => {
  group.setup(async () => {
    ace.ui.switchMode('raw')
    await files.create()
    storageDirectory = await mkdtemp(join(tmpdir(), 'theme-storage-'))
    app.container.swap(ThemeMediaStorage as any, () => new FsThemeMediaStorage(storageDirectory))
    const recorder: JobSender = {
      async send(name, data = null) {
        sent.push({ name, data })
        return 'job'
      },
    }
    app.container.swap(ThemeMediaLibrary, async (resolver) => {
      const processor = await resolver.make(ThemeMediaProcessor)
      return new ThemeMediaLibrary(processor.storage, processor.ffmpeg, processor, recorder, {
        ...transferConfig.theme,
        maxImageBytes: MAX_IMAGE_BYTES,
      })
    })
    return async () => {
      ace.ui.switchMode('normal')
      app.container.restore(ThemeMediaStorage as any)
      app.container.restore(ThemeMediaLibrary)
      await files.remove()
      await rm(storageDirectory, { recursive: true, force: true })
    }
  })
  group.each.setup(() => {
    sent.length = 0
    return testUtils.db().withGlobalTransaction()
  })

  test('upload: the type from the bytes, the limits of the page, the processing queued', async ({
    client,
    assert,
  }) => {
    // A PNG under a JPEG's name: what it is counts, as for the web upload.
    const png = await files.image('still.png')
    const uploaded = await runCommand('transfer:theme:upload', [png, '--name=Hero shot.jpg'])
    assert.equal(uploaded.exitCode, 0, uploaded.output)
    const media = await ThemeMedia.findByOrFail('original_name', 'Hero shot.jpg')
    assert.containsSubset(media.$attributes, {
      kind: 'image',
      status: 'pending',
      originalType: 'image/png',
    })
    assert.include(uploaded.output, `Added Hero shot.jpg (image): ${media.id}`)
    assert.include(uploaded.output, 'Status: pending')
    assert.deepEqual(sent, [{ name: THEME_IMAGE_JOB, data: { mediaId: media.id } }])

    const video = await files.video('loop.mp4', { seconds: 1, width: 160, height: 120 })
    const json = await runCommand('transfer:theme:upload', [video, '--json'])
    assert.equal(json.exitCode, 0, json.output)
    const body = JSON.parse(json.output)
    assert.containsSubset(body, { kind: 'video', status: 'pending', name: 'loop.mp4' })
    assert.deepEqual(sent.at(-1), { name: THEME_VIDEO_JOB, data: { mediaId: body.id } })
    const listed = await client.get('/api/theme/media').withSession(await admin())
    assert.deepEqual(
      body,
      listed.body().find((entry: { id: string }) => entry.id === body.id)
    )

    // Text under an image's name, too short for the name to be trusted: refused as on the web.
    const notes = join(files.directory, 'notes.png')
    await writeFile(notes, 'not a picture')
    const text = await runCommand('transfer:theme:upload', [notes])
    assert.equal(text.exitCode, 1)
    assert.include(
      text.output,
      'Choose a JPEG, PNG, WebP or AVIF image, or an MP4, MOV or WebM video'
    )

    // A real PNG, padded past the image limit.
    const large = join(files.directory, 'large.png')
    await writeFile(large, Buffer.concat([await readBytes(png), Buffer.alloc(MAX_IMAGE_BYTES)]))
    const tooLarge = await runCommand('transfer:theme:upload', [large])
    assert.equal(tooLarge.exitCode, 1)
    assert.include(tooLarge.output, 'Images may be up to 1 MB')

    const missing = await runCommand('transfer:theme:upload', [join(files.directory, 'nope.jpg')])
    assert.equal(missing.exitCode, 1)
    assert.include(missing.output, 'No file at')
    assert.lengthOf(await ThemeMedia.all(), 2)
    assert.lengthOf(sent, 2)
  })

  test('assign: pages, media, mode and filters, checked as the Appearance page checks them', async ({
    client,
    assert,
  }) => {
    const first = await addMedia('a.png', await files.image('a.png'))
    const second = await addMedia('b.webp', await files.image('b.webp'))
    const pages = new ThemePages()

    const image = await runCommand('transfer:theme:assign', [
      'upload',
      'share',
      `--media=${first.id}`,
      '--blur=4',
      '--overlay-color=#102030',
      '--overlay-opacity=45',
    ])
    assert.equal(image.exitCode, 0, image.output)
    assert.include(image.output, `the upload page: image (${first.id})`)
    for (const page of ['upload', 'share'] as const) {
      assert.containsSubset(await pages.get(page), {
        mode: 'image',
        mediaIds: [first.id],
        blur: 4,
        brightness: 100,
        overlayColor: '#102030',
        overlayOpacity: 45,
      })
    }
    assert.containsSubset(await pages.get('sign_in'), { mode: 'plain' })

    // Several images make a slideshow; what is not given stays.
    const slideshow = await runCommand('transfer:theme:assign', [
      'upload',
      `--media=${first.id}`,
      `--media=${second.id}`,
      '--json',
    ])
    assert.equal(slideshow.exitCode, 0, slideshow.output)
    const settings = await client.get('/api/theme/settings').withSession(await admin())
    assert.deepEqual(JSON.parse(slideshow.output), [settings.body().pages[0]])
    assert.containsSubset(settings.body().pages[0], {
      page: 'upload',
      mode: 'slideshow',
      mediaIds: [first.id, second.id],
      blur: 4,
    })

    const none = await runCommand('transfer:theme:assign', ['--all', '--none'])
    assert.equal(none.exitCode, 0, none.output)
    for (const page of await pages.all()) {
      assert.containsSubset(page, { mode: 'plain', mediaIds: [] })
    }

    const before = await ThemePageSetting.all()
    for (const [argv, why] of [
      [['upload', `--media=${first.id}`, '--blur=99'], 'blur: '],
      [['upload', `--media=${first.id}`, '--text-color=white'], 'textColor: '],
      [['home', `--media=${first.id}`], 'page: '],
      [
        ['upload', `--media=${first.id}`, '--mode=video'],
        'a.png is an image; this mode needs a video',
      ],
      [['upload', `--media=${NO_SUCH}`], 'Media not found'],
      [['upload', '--mode=image'], 'Choose an image for this mode'],
    ] as const) {
      const refused = await runCommand('transfer:theme:assign', [...argv])
      assert.equal(refused.exitCode, 1, `${argv.join(' ')}: ${refused.output}`)
      assert.include(refused.output, why)
    }
    const after = await ThemePageSetting.all()
    assert.deepEqual(
      after.map((row) => row.$attributes),
      before.map((row) => row.$attributes)
    )

    const noPage = await runCommand('transfer:theme:assign', [`--media=${first.id}`])
    assert.equal(noPage.exitCode, 2)
    const both = await runCommand('transfer:theme:assign', ['upload', '--all', '--none'])
    assert.equal(both.exitCode, 2)
    const mediaAndNone = await runCommand('transfer:theme:assign', [
      'upload',
      '--none',
      `--media=${first.id}`,
    ])
    assert.equal(mediaAndNone.exitCode, 2)
  })

  test('delete: refused while a page uses it, asked on a terminal, --force off one', async ({
    assert,
  }) => {
    const media = await addMedia('used.png', await files.image('used.png'))
    await new ThemePages().save(
      {
        page: 'share',
        mode: 'image',
        mediaIds: [media.id],
        blur: 0,
        brightness: 100,
        grayscale: 0,
        overlayColor: '#000000',
        overlayOpacity: 0,
        textColor: '#ffffff',
      },
      null
    )
    const inUse = await runCommand('transfer:theme:delete', [media.id, '--force'])
    assert.equal(inUse.exitCode, 1)
    assert.include(inUse.output, 'In use on the share page: choose another background there first')
    assert.isNotNull(await ThemeMedia.find(media.id))

    await runCommand('transfer:theme:assign', ['share', '--none'])
    const offTerminal = await runCommand('transfer:theme:delete', [media.id])
    assert.equal(offTerminal.exitCode, 1)
    assert.include(offTerminal.output, 'run it again with --force')

    ace.prompt.trap('Delete used.png? Its original and processed files are removed').reject()
    const declined = await runCommand('transfer:theme:delete', [media.id])
    assert.equal(declined.exitCode, 1)
    assert.isNotNull(await ThemeMedia.find(media.id))

    const deleted = await runCommand('transfer:theme:delete', [media.id, '--force'])
    assert.equal(deleted.exitCode, 0, deleted.output)
    assert.isNull(await ThemeMedia.find(media.id))
    await assert.rejects(() => stat(join(storageDirectory, media.originalKey)))

    const unknown = await runCommand('transfer:theme:delete', [NO_SUCH, '--force'])
    assert.equal(unknown.exitCode, 1)
    assert.include(unknown.output, 'Media not found')
  })

  test('preset and list: shown, chosen, and --json as GET /api/theme/settings and /media answer', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    const shown = await runCommand('transfer:theme:preset')
    assert.equal(shown.exitCode, 0, shown.output)
    assert.match(shown.output, /balanced.*yes.*Balanced/)
    assert.match(shown.output, /fast.*no.*Fast/)

    const chosen = await runCommand('transfer:theme:preset', ['fast', '--json'])
    assert.equal(chosen.exitCode, 0, chosen.output)
    assert.deepEqual(JSON.parse(chosen.output), { preset: 'fast' })
    assert.equal(await new TranscodeSettings().preset(), 'fast')
    const json = await runCommand('transfer:theme:preset', ['--json'])
    const settings = await client.get('/api/theme/settings').withSession(session)
    assert.deepEqual(JSON.parse(json.output), settings.body().transcode)

    const bad = await runCommand('transfer:theme:preset', ['ultra'])
    assert.equal(bad.exitCode, 1)
    assert.include(bad.output, 'preset: ')
    assert.equal(await new TranscodeSettings().preset(), 'fast')

    await addMedia('list.png', await files.image('list.png'))
    const listed = await runCommand('transfer:theme:list', ['--json'])
    assert.equal(listed.exitCode, 0, listed.output)
    const media = await client.get('/api/theme/media').withSession(session)
    const again = await client.get('/api/theme/settings').withSession(session)
    assert.deepEqual(JSON.parse(listed.output), { media: media.body(), settings: again.body() })
    const table = await runCommand('transfer:theme:list')
    assert.match(table.output, /list\.png.*image.*pending/)
    assert.include(table.output, 'Videos are transcoded with the fast preset')
  })
})

async function readBytes(path: string) {
  const { readFile } = await import('node:fs/promises')
  return readFile(path)
}
