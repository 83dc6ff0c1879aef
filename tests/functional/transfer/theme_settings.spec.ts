import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import { transferConfig } from '#config/transfer'
import ThemeMedia from '#models/transfer/theme_media'
import ThemePageSetting from '#models/transfer/theme_page_setting'
import { ThemeMediaLibrary } from '#services/transfer/theme/theme_media_library'
import { ThemeMediaProcessor } from '#services/transfer/theme/theme_media_processor'
import {
  FsThemeMediaStorage,
  ThemeMediaStorage,
} from '#services/transfer/theme/theme_media_storage'
import { ThemeMediaFiles } from '#tests/helpers/theme_media_files'
import { transferPerson } from '#tests/helpers/transfer_people'

/*
 * Page themes: who may do what on /api/theme/*, what admins set per page,
 * and what a visitor's page is given (only ready media, nothing private).
 */

const files = new ThemeMediaFiles()
let storageDirectory = ''
const NO_SUCH = '00000000-0000-4000-8000-000000000000'

const ADMIN_ROUTES = [
  ['get', '/api/theme/media'],
  ['post', '/api/theme/media'],
  ['delete', `/api/theme/media/${NO_SUCH}`],
  ['post', `/api/theme/media/${NO_SUCH}/reprocess`],
  ['get', '/api/theme/settings'],
  ['post', '/api/theme/settings/pages'],
  ['post', '/api/theme/settings/transcode'],
] as const

/** A medium uploaded by the library and processed as its job would. */
async function readyMedia(kind: 'image' | 'video', name: string, ready = true) {
  const library = await app.container.make(ThemeMediaLibrary)
  const path = kind === 'image' ? await files.image(name) : await files.video(name)
  const media = await library.add(
    { path, name, size: 1000, extname: name.split('.').pop(), type: undefined },
    null
  )
  if (ready) {
    const processor = await app.container.make(ThemeMediaProcessor)
    await processor.process(media.id)
  }
  return ThemeMedia.findOrFail(media.id)
}

const theme = (page: string, mode: string, mediaIds: string[], extra: object = {}) => ({
  page,
  mode,
  mediaIds,
  blur: 4,
  brightness: 90,
  grayscale: 20,
  overlayColor: '#102030',
  overlayOpacity: 45,
  textColor: '#FFFFFF',
  ...extra,
})

test.group('page themes', (group) => {
  group.setup(async () => {
    await files.create()
    storageDirectory = await mkdtemp(join(tmpdir(), 'theme-storage-'))
    app.container.swap(ThemeMediaStorage as any, () => new FsThemeMediaStorage(storageDirectory))
    // Jobs are not worked here: the tests process what they upload themselves.
    app.container.swap(ThemeMediaLibrary, async (resolver) => {
      const processor = await resolver.make(ThemeMediaProcessor)
      return new ThemeMediaLibrary(
        processor.storage,
        processor.ffmpeg,
        processor,
        { send: async () => 'job' },
        transferConfig.theme
      )
    })
    return async () => {
      app.container.restore(ThemeMediaStorage as any)
      app.container.restore(ThemeMediaLibrary)
      await files.remove()
      await rm(storageDirectory, { recursive: true, force: true })
    }
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('management routes: 401 signed out, 403 for staff; a medium’s URL: staff', async ({
    client,
    assert,
  }) => {
    const staff = await transferPerson('staff')
    for (const [method, url] of ADMIN_ROUTES) {
      const signedOut = await client[method](url).withCsrfToken()
      signedOut.assertStatus(401)
      signedOut.assertBody({ error: 'Authentication required' })
      const forbidden = await client[method](url).withSession(staff.session).withCsrfToken()
      assert.equal(forbidden.status(), 403, `${method} ${url} as staff`)
      forbidden.assertBody({ error: 'Admin access required' })
    }

    const url = `/api/theme/media/${NO_SUCH}/url`
    const signedOut = await client.get(url)
    signedOut.assertStatus(401)
    const unknown = await client.get(url).withSession(staff.session)
    unknown.assertStatus(404)
    unknown.assertBody({ error: 'Media not found' })
    const pending = await readyMedia('image', 'later.png', false)
    const notYet = await client.get(`/api/theme/media/${pending.id}/url`).withSession(staff.session)
    notYet.assertStatus(409)
    const media = await readyMedia('image', 'now.png')
    const ready = await client.get(`/api/theme/media/${media.id}/url`).withSession(staff.session)
    ready.assertStatus(200)
    assert.match(ready.body().url, /^\/theme-media\/[0-9a-f]{64}\.jpg$/)

    // Public: the thumbnail (404 until ready) and the public config.
    for (const [path, status] of [
      [`/api/theme/media/${pending.id}/thumbnail`, 404],
      [`/api/theme/media/${media.id}/thumbnail`, 200],
      ['/api/theme/public-config/upload', 200],
      ['/api/theme/public-config/nowhere', 404],
    ] as const) {
      const response = await client.get(path)
      response.assertStatus(status)
    }
  }).timeout(60_000)

  test('an admin sets a page’s theme; bad input is refused beside its field', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson('admin')
    const image = await readyMedia('image', 'studio.jpg')
    const saved = await client
      .post('/api/theme/settings/pages')
      .json(theme('share', 'image', [image.id]))
      .withSession(session)
      .withCsrfToken()
    saved.assertStatus(200)
    assert.deepEqual(saved.body(), { ...theme('share', 'image', [image.id]), textColor: '#ffffff' })

    const settings = await client.get('/api/theme/settings').withSession(session)
    assert.deepEqual(
      settings.body().pages.map((page: { page: string; mode: string }) => [page.page, page.mode]),
      [
        ['upload', 'plain'],
        ['share', 'image'],
        ['sign_in', 'plain'],
      ]
    )
    assert.equal(settings.body().transcode.preset, 'balanced')
    assert.equal(settings.body().videos.available, true)

    const badColour = await client
      .post('/api/theme/settings/pages')
      .json(theme('share', 'image', [image.id], { overlayColor: 'red', blur: 400 }))
      .withSession(session)
      .withCsrfToken()
    badColour.assertStatus(422)
    assert.sameMembers(
      badColour.body().errors.map((error: { field: string }) => error.field),
      ['overlayColor', 'blur']
    )
    const wrongKind = await client
      .post('/api/theme/settings/pages')
      .json(theme('upload', 'video', [image.id]))
      .withSession(session)
      .withCsrfToken()
    wrongKind.assertStatus(422)
    assert.include(wrongKind.body().error, 'needs a video')
    const unknownMedia = await client
      .post('/api/theme/settings/pages')
      .json(theme('upload', 'image', [NO_SUCH]))
      .withSession(session)
      .withCsrfToken()
    unknownMedia.assertStatus(404)
    const badPreset = await client
      .post('/api/theme/settings/transcode')
      .json({ preset: 'ultra' })
      .withSession(session)
      .withCsrfToken()
    badPreset.assertStatus(422)
  }).timeout(60_000)

  test('the public config holds only ready media and nothing private, with an ETag', async ({
    client,
    assert,
  }) => {
    const { session, user } = await transferPerson('admin')
    const video = await readyMedia('video', 'secret-client-name.mp4', false)
    await client
      .post('/api/theme/settings/pages')
      .json(theme('upload', 'video', [video.id]))
      .withSession(session)
      .withCsrfToken()
      .then((response) => response.assertStatus(200))

    // Still processing: the page stays plain (its filters and colours come along).
    const waiting = await client.get('/api/theme/public-config/upload')
    waiting.assertStatus(200)
    assert.containsSubset(waiting.body(), {
      page: 'upload',
      mode: 'plain',
      video: null,
      image: null,
    })

    const processor = await app.container.make(ThemeMediaProcessor)
    assert.equal(await processor.process(video.id), 'ready')
    const ready = await client.get('/api/theme/public-config/upload')
    ready.assertStatus(200)
    const body = ready.body()
    assert.equal(body.mode, 'video')
    assert.deepEqual(
      body.video.sources.map((source: { type: string }) => source.type),
      ['video/webm', 'video/webm', 'video/mp4', 'video/mp4']
    )
    assert.match(body.video.poster.src, /^\/theme-media\/[0-9a-f]{64}\.jpg$/)
    assert.deepEqual(body.overlay, { color: '#102030', opacity: 45 })
    assert.deepEqual(body.filters, { blur: 4, brightness: 90, grayscale: 20 })
    const text = JSON.stringify(body)
    for (const secret of ['secret-client-name', 'originals/', video.id, user.email, user.id]) {
      assert.notInclude(text, secret)
    }
    // Every address in it is served.
    for (const source of body.video.sources) {
      const served = await client.get(source.src)
      served.assertStatus(200)
    }

    const etag = ready.header('etag')!
    assert.match(etag, /^"[\w-]+"$/)
    const again = await client.get('/api/theme/public-config/upload').header('if-none-match', etag)
    again.assertStatus(304)
  }).timeout(90_000)

  test('a medium in use cannot be deleted until its page stops using it', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson('admin')
    const image = await readyMedia('image', 'lobby.webp')
    const other = await readyMedia('image', 'hall.png')
    await client
      .post('/api/theme/settings/pages')
      .json(theme('sign_in', 'slideshow', [image.id, other.id]))
      .withSession(session)
      .withCsrfToken()
      .then((response) => response.assertStatus(200))
    const listed = await client.get('/api/theme/media').withSession(session)
    assert.deepEqual(listed.body().find((item: { id: string }) => item.id === image.id).usedOn, [
      'sign_in',
    ])
    const slideshow = await client.get('/api/theme/public-config/sign_in')
    assert.lengthOf(slideshow.body().slides, 2)

    const refused = await client
      .delete(`/api/theme/media/${image.id}`)
      .withSession(session)
      .withCsrfToken()
    refused.assertStatus(409)
    refused.assertBody({
      error: 'In use on the staff sign-in page: choose another background there first',
    })

    await client
      .post('/api/theme/settings/pages')
      .json(theme('sign_in', 'image', [other.id]))
      .withSession(session)
      .withCsrfToken()
    const jpeg = image.rendition('background', 'jpeg')!
    const before = await client.get(`/theme-media/${jpeg.key}`)
    before.assertStatus(200)
    const removed = await client
      .delete(`/api/theme/media/${image.id}`)
      .withSession(session)
      .withCsrfToken()
    removed.assertBody({ success: true })
    assert.isNull(await ThemeMedia.find(image.id))
    const after = await client.get(`/theme-media/${jpeg.key}`)
    after.assertStatus(404)
    const signIn = await ThemePageSetting.findOrFail('sign_in')
    assert.deepEqual(signIn.mediaIds, [other.id])
  }).timeout(60_000)
})
