import sharp from 'sharp'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import { Disk } from '@adonisjs/drive'
import { S3Driver } from '@adonisjs/drive/drivers/s3'
import { DateTime } from 'luxon'
import LocationPhoto from '#models/schedule/location_photo'
import { LocationPhotos } from '#services/schedule/locations/location_photos'
import { scheduleDisk } from '#services/schedule/schedule_disk'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  createLocation,
  createProject,
  createShareLink,
  trash,
} from '#tests/helpers/schedule_records'
import { TestS3Server } from '#tests/helpers/s3_server'
import ace from '@adonisjs/core/services/ace'
import { runCommand } from '#tests/helpers/ace_commands'
import { hevcHeic } from '#tests/helpers/hevc_heic'

type Session = Record<string, string | number>

/** A camera-like picture: wider than tall, with EXIF (a date, a GPS position) when asked. */
function picture(
  format: 'jpeg' | 'png' | 'webp' | 'heif',
  options: { width?: number; height?: number; date?: string; orientation?: number } = {}
) {
  let image = sharp({
    create: {
      width: options.width ?? 3000,
      height: options.height ?? 2000,
      channels: 3,
      background: '#2563eb',
    },
  })
  if (options.orientation) {
    image = image.withMetadata({ orientation: options.orientation })
  }
  if (options.date) {
    image = image.withExif({
      IFD0: { Make: 'TestCam', Model: 'Bench 1' },
      IFD2: { DateTimeOriginal: options.date },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 26/1' },
    })
  }
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 90 }).toBuffer()
    case 'png':
      return image.png().toBuffer()
    case 'webp':
      return image.webp().toBuffer()
    case 'heif':
      // Prebuilt sharp writes HEIF with AV1 inside (what it can also read).
      return image.heif({ compression: 'av1' }).toBuffer()
  }
}

function upload(
  client: ApiClient,
  session: Session,
  locationId: number,
  files: { bytes: Buffer; name: string }[]
) {
  const request = client
    .post(`/api/locations/${locationId}/photos`)
    .withSession(session)
    .withCsrfToken()
  for (const file of files) {
    request.file('photos', file.bytes, { filename: file.name })
  }
  return request
}

/** The served file's bytes (the api client hands images back as a Buffer). */
async function served(client: ApiClient, url: string, session?: Session) {
  const request = client.get(url)
  if (session) {
    request.withSession(session)
  }
  return request
}

test.group('schedule location photos', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every accepted format becomes an upright JPEG of at most 2000 px, without EXIF, dated from EXIF', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const location = await createLocation()
    const cases = [
      { name: 'a.jpg', bytes: await picture('jpeg', { date: '2024:05:06 07:08:09' }) },
      { name: 'b.png', bytes: await picture('png', { date: '2023:12:31 23:59:58' }) },
      { name: 'c.webp', bytes: await picture('webp', { date: '2022:01:02 03:04:05' }) },
      { name: 'd.heic', bytes: await picture('heif', { date: '2021:07:08 09:10:11' }) },
      // Stored on its side with orientation 6: upright it is 2000 tall.
      {
        name: 'e.jpg',
        bytes: await picture('jpeg', { width: 3000, height: 1500, orientation: 6 }),
      },
      { name: 'small.png', bytes: await picture('png', { width: 640, height: 480 }) },
      // A camera whose clock was never set writes zeros: no date rather than one in 1899.
      {
        name: 'zeros.jpg',
        bytes: await picture('jpeg', { width: 640, height: 480, date: '0000:00:00 00:00:00' }),
      },
    ]
    const response = await upload(client, session, location.id, cases)
    response.assertStatus(201)
    const photos = response.body() as {
      id: number
      url: string
      thumbnailUrl: string
      photoDate: string | null
      width: number
      height: number
      sizeBytes: number
      originalName: string
      position: number
    }[]
    assert.deepEqual(
      photos.map((photo) => [photo.originalName, photo.photoDate, photo.width, photo.height]),
      [
        ['a.jpg', '2024-05-06T07:08:09', 2000, 1333],
        ['b.png', '2023-12-31T23:59:58', 2000, 1333],
        ['c.webp', '2022-01-02T03:04:05', 2000, 1333],
        ['d.heic', '2021-07-08T09:10:11', 2000, 1333],
        ['e.jpg', null, 1000, 2000],
        ['small.png', null, 640, 480],
        ['zeros.jpg', null, 640, 480],
      ]
    )
    assert.deepEqual(
      photos.map((photo) => photo.position),
      [0, 1, 2, 3, 4, 5, 6]
    )

    for (const photo of photos) {
      const file = await served(client, photo.url, session)
      file.assertStatus(200)
      file.assertHeader('content-type', 'image/jpeg')
      assert.match(file.header('cache-control') ?? '', /private/)
      const bytes = file.body() as Buffer
      assert.equal(bytes.length, photo.sizeBytes)
      const metadata = await sharp(bytes).metadata()
      assert.equal(metadata.format, 'jpeg')
      assert.deepEqual([metadata.width, metadata.height], [photo.width, photo.height])
      // No EXIF at all: no GPS position, no camera, no orientation left to apply twice.
      assert.isUndefined(metadata.exif)
      assert.notInclude(bytes.toString('latin1'), 'TestCam')

      const thumbnail = await served(client, photo.thumbnailUrl, session)
      thumbnail.assertStatus(200)
      const small = await sharp(thumbnail.body() as Buffer).metadata()
      assert.isAtMost(Math.max(small.width!, small.height!), 400)
    }

    const listed = await client.get(`/api/locations/${location.id}/photos`).withSession(session)
    listed.assertStatus(200)
    assert.deepEqual(
      listed.body().map((photo: { id: number }) => photo.id),
      photos.map((photo) => photo.id)
    )
  })

  test('a corrupt file, a file of another kind and an oversized file are 422 and nothing is kept', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const location = await createLocation()
    const good = await picture('jpeg', { width: 800, height: 600 })
    const corrupt = Buffer.concat([good.subarray(0, 400), Buffer.alloc(2000, 7)])
    const gif = await sharp({
      create: { width: 10, height: 10, channels: 3, background: '#000' },
    })
      .gif()
      .toBuffer()
    const cases = [
      { bytes: corrupt, name: 'broken.jpg', message: /could not be read|not a photo/ },
      { bytes: Buffer.from('%PDF-1.7 not a photo'), name: 'notes.jpg', message: /not a photo/ },
      { bytes: gif, name: 'anim.gif', message: /must be a JPEG, PNG, WebP or HEIC/ },
      { bytes: Buffer.alloc(40 * 1024 * 1024 + 1, 1), name: 'huge.jpg', message: /40/ },
    ]
    const disk = scheduleDisk()
    const filesNow = async () => {
      const listed = await disk.listAll('location-photos/', { recursive: true })
      return [...listed.objects].length
    }
    const before = await filesNow()
    for (const { bytes, name, message } of cases) {
      const response = await upload(client, session, location.id, [
        { bytes: good, name: 'fine.jpg' },
        { bytes, name },
      ])
      response.assertStatus(422)
      const [error] = response.body().errors
      assert.match(error.field, /^photos\.1/, name)
      assert.match(error.message, message, name)
    }
    assert.lengthOf(await LocationPhoto.query().where('location_id', location.id), 0)
    // Not even the good file of each refused upload was kept.
    assert.equal(await filesNow(), before)
  })

  test('an iPhone HEIC (HEVC) is refused with the way to send it as JPEG', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const location = await createLocation()
    const heic = await hevcHeic()
    // What the test is about: a real HEVC HEIC header, whose pixels this libvips cannot decode.
    const header = await sharp(heic).metadata()
    assert.deepEqual([header.format, header.compression], ['heif', 'hevc'])
    await assert.rejects(() => sharp(heic).jpeg().toBuffer())

    const response = await upload(client, session, location.id, [
      { bytes: heic, name: 'IMG_0042.HEIC' },
    ])
    response.assertStatus(422)
    response.assertBody({
      message: 'Validation failed',
      errors: [
        {
          field: 'photos.0',
          rule: 'photo',
          message:
            '“IMG_0042.HEIC” is a HEIC photo coded with HEVC (as iPhones take them), which this server cannot decode: upload it as a JPEG instead (on an iPhone, Settings › Camera › Formats › Most Compatible makes the camera take JPEGs)',
        },
      ],
    })
    assert.lengthOf(await LocationPhoto.query().where('location_id', location.id), 0)
  })

  test('only the photo upload takes a request over 20 MB, up to 45 MB', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const location = await createLocation()
    const photo = await picture('jpeg', { width: 800, height: 600 })
    const padding = (megabytes: number) => Buffer.alloc(megabytes * 1024 * 1024, 1)

    // 30 MB in one request: over every other form's 20 MB, within the photos' 45 MB.
    const big = await upload(client, session, location.id, [
      { bytes: photo, name: 'fine.jpg' },
      { bytes: padding(30), name: 'padding.jpg' },
    ])
    big.assertStatus(422)
    assert.match(big.body().errors[0].field, /^photos\.1/)

    // Two files of 23 MB, each within 40 MB, but 46 MB together.
    const tooBig = await upload(client, session, location.id, [
      { bytes: padding(23), name: 'a.jpg' },
      { bytes: padding(23), name: 'b.jpg' },
    ])
    tooBig.assertStatus(413)

    const fine = await upload(client, session, location.id, [{ bytes: photo, name: 'fine.jpg' }])
    fine.assertStatus(201)
    assert.lengthOf(await LocationPhoto.query().where('location_id', location.id), 1)

    // Another form of the same app keeps the general 20 MB.
    const feedback = await client
      .post('/api/feedback')
      .field('category', 'bug')
      .field('description', 'A screenshot that is far too large')
      .file('screenshot', padding(21), { filename: 'screen.png' })
      .withSession(session)
      .withCsrfToken()
    feedback.assertStatus(413)
  })

  test('description, reorder and delete, which removes the files too', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const location = await createLocation()
    const bytes = await picture('jpeg', { width: 300, height: 200 })
    const added = await upload(client, session, location.id, [
      { bytes, name: '1.jpg' },
      { bytes, name: '2.jpg' },
      { bytes, name: '3.jpg' },
    ])
    added.assertStatus(201)
    const [first, second, third] = added.body() as { id: number; filename: string }[]

    const described = await client
      .patch(`/api/locations/${location.id}/photos/${second.id}`)
      .json({ description: '  Loading bay, north gate  ' })
      .withSession(session)
      .withCsrfToken()
    described.assertStatus(200)
    assert.equal(described.body().description, 'Loading bay, north gate')

    const reordered = await client
      .put(`/api/locations/${location.id}/photos/order`)
      .json({ ids: [third.id, first.id, second.id] })
      .withSession(session)
      .withCsrfToken()
    reordered.assertStatus(200)
    assert.deepEqual(
      reordered.body().map((photo: { id: number }) => photo.id),
      [third.id, first.id, second.id]
    )
    const incomplete = await client
      .put(`/api/locations/${location.id}/photos/order`)
      .json({ ids: [third.id, first.id] })
      .withSession(session)
      .withCsrfToken()
    incomplete.assertStatus(422)

    const removed = await client
      .delete(`/api/locations/${location.id}/photos/${first.id}`)
      .withSession(session)
      .withCsrfToken()
    removed.assertStatus(200)
    const disk = scheduleDisk()
    assert.isFalse(await disk.exists(`location-photos/${first.filename}`))
    assert.isFalse(await disk.exists(`location-photos/thumbnails/${first.filename}`))
    assert.isTrue(await disk.exists(`location-photos/${second.filename}`))
    const gone = await served(client, LocationPhotos.urlOf(first.filename), session)
    gone.assertStatus(404)

    const listed = await client.get(`/api/locations/${location.id}/photos`).withSession(session)
    assert.deepEqual(
      listed.body().map((photo: { id: number }) => photo.id),
      [third.id, second.id]
    )
  })

  test('photos are served to signed-in people and to share links of a project there, nobody else', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const location = await createLocation({ lat: 51.5, lng: -0.12 })
    const elsewhere = await createLocation()
    const added = await upload(client, session, location.id, [
      { bytes: await picture('jpeg', { width: 300, height: 200 }), name: 'gate.jpg' },
    ])
    const [photo] = added.body() as { url: string; filename: string }[]

    const project = await createProject('2030-05-01', '2030-05-02', { locationId: location.id })
    const other = await createProject('2030-05-01', '2030-05-02', { locationId: elsewhere.id })
    const link = await createShareLink('project', project.id)
    const otherLink = await createShareLink('project', other.id)
    const revoked = await createShareLink('project', project.id, { revokedAt: DateTime.now() })

    const signedOut = await served(client, photo.url)
    signedOut.assertStatus(401)
    assert.notEqual(signedOut.header('content-type'), 'image/jpeg')

    const shared = await served(client, LocationPhotos.urlOf(photo.filename, 'full', link.token))
    shared.assertStatus(200)
    shared.assertHeader('content-type', 'image/jpeg')

    for (const token of [otherLink.token, revoked.token, 'x'.repeat(43)]) {
      const refused = await served(client, LocationPhotos.urlOf(photo.filename, 'full', token))
      refused.assertStatus(404)
    }

    // The share view lists the gallery with links that carry the token.
    const view = await client.get(`/api/share/${link.token}`)
    view.assertStatus(200)
    const sharedProject = view.body().project
    assert.deepEqual(sharedProject.locationMap, { lat: 51.5, lng: -0.12 })
    assert.lengthOf(sharedProject.locationPhotos, 1)
    const viaView = await served(client, sharedProject.locationPhotos[0].thumbnailUrl)
    viaView.assertStatus(200)

    // A location in the trash shows its photos to no one.
    await trash(location)
    const trashed = await served(client, photo.url, session)
    trashed.assertStatus(404)
  })

  test('a name that is not a stored photo is 404; the API needs a session', async ({ client }) => {
    const { session } = await schedulePerson('staff')
    const location = await createLocation()
    for (const name of ['../../.env', '00000000-0000-0000-0000-000000000000.jpg']) {
      const response = await served(
        client,
        `/uploads/location-photos/${encodeURIComponent(name)}`,
        session
      )
      response.assertStatus(404)
    }
    const list = await client.get(`/api/locations/${location.id}/photos`)
    list.assertStatus(401)
  })

  test('a location removed from the trash for good takes its photo files with it', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('admin')
    const location = await createLocation()
    const added = await upload(client, session, location.id, [
      { bytes: await picture('png', { width: 200, height: 200 }), name: 'a.png' },
    ])
    const [photo] = added.body() as { filename: string }[]
    await trash(location)
    const purged = await client
      .delete(`/api/trash/locations/${location.id}`)
      .withSession(session)
      .withCsrfToken()
    purged.assertStatus(200)
    const disk = scheduleDisk()
    assert.isFalse(await disk.exists(`location-photos/${photo.filename}`))
    assert.isFalse(await disk.exists(`location-photos/thumbnails/${photo.filename}`))
    assert.lengthOf(await LocationPhoto.query().where('location_id', location.id), 0)
  })

  test('schedule:photos:reprocess re-derives thumbnails and sizes, with progress', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const location = await createLocation()
    const added = await upload(client, session, location.id, [
      { bytes: await picture('jpeg', { width: 900, height: 600 }), name: 'a.jpg' },
    ])
    const [photo] = added.body() as { id: number; filename: string }[]
    // As after a change of settings: the thumbnail is lost and the sizes are stale.
    await scheduleDisk().delete(`location-photos/thumbnails/${photo.filename}`)
    await LocationPhoto.query().where('id', photo.id).update({ size_bytes: 1, width: 1 })

    const result = await runCommand('schedule:photos:reprocess', [`--location=${location.id}`])
    assert.equal(result.exitCode, 0, result.output)
    assert.match(result.output, /1\/1 location \d+, photo \d+: 900×600/)
    const row = await LocationPhoto.findOrFail(photo.id)
    assert.equal(row.width, 900)
    assert.isAbove(row.sizeBytes, 1)
    assert.isTrue(await scheduleDisk().exists(`location-photos/thumbnails/${photo.filename}`))
  })
})

/*
 * SCHEDULE_DISK=s3: photos in an S3-compatible bucket (a real s3rver on
 * loopback), through the same drive driver the `s3` disk builds.
 */
test.group('schedule location photos on S3-compatible storage', (group) => {
  let s3: TestS3Server
  let disk: Disk

  group.setup(async () => {
    s3 = await new TestS3Server().start()
    disk = new Disk(new S3Driver({ ...s3.options, forcePathStyle: true, visibility: 'private' }))
    return () => s3.stop()
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a photo is stored in the bucket, read back and removed with its thumbnail', async ({
    assert,
  }) => {
    const { user } = await schedulePerson('staff')
    const location = await createLocation()
    const photos = new LocationPhotos(disk)
    const [photo] = await photos.add(
      location.id,
      [{ bytes: await picture('webp', { width: 2400, height: 1200 }), clientName: 'w.webp' }],
      user
    )
    assert.deepEqual([photo.width, photo.height], [2000, 1000])
    const metadata = await disk.getMetaData(`location-photos/${photo.filename}`)
    assert.equal(metadata.contentLength, photo.sizeBytes)
    const { bytes } = await photos.file(photo.filename, 'full')
    const stored = await sharp(bytes).metadata()
    assert.equal(stored.format, 'jpeg')

    await photos.remove(location.id, photo.id, user)
    const left = await disk.listAll('location-photos/', { recursive: true })
    assert.deepEqual([...left.objects], [])
  })
})
