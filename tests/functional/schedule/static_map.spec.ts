import sharp from 'sharp'
import { test } from '@japa/runner'
import type { Group } from '@japa/runner/core'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import { Secret } from '@adonisjs/core/helpers'
import { DateTime } from 'luxon'
import {
  StaticMapsClient,
  configuredStaticMapsClient,
} from '#services/schedule/places/static_maps_client'
import { LocationMaps } from '#services/schedule/locations/location_maps'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  createLocation,
  createProject,
  createShareLink,
  trash,
} from '#tests/helpers/schedule_records'
import { setEnvValue } from '#tests/helpers/test_env'
import { startGooglePlacesFake, type GooglePlacesFake } from '#tests/fakes/google_places'

const KEY_WITHOUT_STATIC_MAPS = 'AIzaSyKeyOfAProjectWithoutStaticMaps-00'
const HARBOUR = { lat: 50.3755, lng: -4.1427 }

let google: GooglePlacesFake

/** schedule's StaticMapsClient talks to the fake, with its key unless told another. */
function useFake(options: { apiKey?: string | null; timeoutMs?: number } = {}) {
  app.container.swap(
    StaticMapsClient,
    () =>
      new StaticMapsClient({
        apiKey: options.apiKey === null ? undefined : new Secret(options.apiKey ?? google.apiKey),
        baseUrl: google.url,
        timeoutMs: options.timeoutMs,
      })
  )
}

function withFake(group: Group) {
  group.setup(async () => {
    google = await startGooglePlacesFake({ keysWithoutStaticMapsApi: [KEY_WITHOUT_STATIC_MAPS] })
    return async () => {
      app.container.restore(StaticMapsClient)
      await google.close()
    }
  })
  group.each.setup(() => {
    google.reset()
    useFake()
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
}

const mapOf = (id: number) => `/api/locations/${id}/static-map`

test.group('static map: drawing and caching', (group) => {
  withFake(group)

  test("a location's map is Google's picture of its stored coordinates, cached by the browser", async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const location = await createLocation(HARBOUR)
    // Coordinates in the address only bust caches: the stored ones are drawn.
    const response = await client
      .get(mapOf(location.id))
      .qs({ at: '0,0', center: '48.85,2.35' })
      .withSession(session)
    response.assertStatus(200)
    response.assertHeader('content-type', 'image/png')
    response.assertHeader('cache-control', 'private, max-age=86400')
    response.assertHeader('x-content-type-options', 'nosniff')
    const picture = await sharp(response.body() as Buffer).metadata()
    // 600 × 300 by default, drawn at scale 2 for sharp screens.
    assert.deepEqual([picture.format, picture.width, picture.height], ['png', 1200, 600])

    assert.lengthOf(google.received, 1)
    const asked = google.received[0]
    assert.equal(asked.path, '/maps/api/staticmap')
    assert.equal(asked.query.key, google.apiKey)
    assert.equal(asked.query.center, '50.3755,-4.1427')
    assert.equal(asked.query.markers, '50.3755,-4.1427')
    assert.equal(asked.query.size, '600x300')

    // The browser asks again with its ETag: 304, and Google is not asked (nor billed).
    const again = await client
      .get(mapOf(location.id))
      .header('if-none-match', response.header('etag')!)
      .withSession(session)
    again.assertStatus(304)
    assert.lengthOf(google.received, 1)

    // A moved location is another picture.
    location.merge({ lat: 50.37, lng: -4.14 })
    await location.save()
    const moved = await client
      .get(mapOf(location.id))
      .header('if-none-match', response.header('etag')!)
      .withSession(session)
    moved.assertStatus(200)
    assert.notEqual(moved.header('etag'), response.header('etag'))
    assert.equal(google.received[1].query.center, '50.37,-4.14')
  })

  test('a size within 100–640 px is drawn; outside it is 422 and Google is not asked', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const location = await createLocation(HARBOUR)
    const small = await client
      .get(mapOf(location.id))
      .qs({ width: 400, height: 200 })
      .withSession(session)
    small.assertStatus(200)
    const picture = await sharp(small.body() as Buffer).metadata()
    assert.deepEqual([picture.width, picture.height], [800, 400])

    for (const size of [{ width: 2000 }, { height: 50 }, { width: 'wide' }, { width: 300.5 }]) {
      const refused = await client.get(mapOf(location.id)).qs(size).withSession(session)
      refused.assertStatus(422)
    }
    assert.lengthOf(google.received, 1)
  })
})

test.group('static map: who may see it', (group) => {
  withFake(group)

  test('signed in, or a share link of a project there; nobody else', async ({ client, assert }) => {
    const location = await createLocation(HARBOUR)
    const elsewhere = await createLocation({ lat: 51.5, lng: -0.12 })
    const project = await createProject('2030-05-01', '2030-05-02', { locationId: location.id })
    const other = await createProject('2030-05-01', '2030-05-02', { locationId: elsewhere.id })
    const link = await createShareLink('project', project.id)
    const otherLink = await createShareLink('project', other.id)
    const revoked = await createShareLink('project', project.id, { revokedAt: DateTime.now() })

    const signedOut = await client.get(mapOf(location.id))
    signedOut.assertStatus(401)

    const shared = await client.get(LocationMaps.urlOf({ id: location.id, ...HARBOUR }, link.token))
    shared.assertStatus(200)
    shared.assertHeader('content-type', 'image/png')

    for (const token of [otherLink.token, revoked.token, 'x'.repeat(43)]) {
      const refused = await client.get(mapOf(location.id)).qs({ share: token })
      refused.assertStatus(404)
    }
    assert.lengthOf(google.received, 1)
  })

  test('a location without coordinates, in the trash or unknown has no map', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const unplaced = await createLocation({ address: '1 Dock Road, London' })
    const trashed = await trash(await createLocation(HARBOUR))
    for (const id of [unplaced.id, trashed.id, 999_999_999]) {
      const response = await client.get(mapOf(id)).withSession(session)
      response.assertStatus(404)
    }
    assert.lengthOf(google.received, 0)
  })

  test('the share view gives the picture through the token only when pictures are on', async ({
    client,
    assert,
  }) => {
    const location = await createLocation(HARBOUR)
    const project = await createProject('2030-05-01', '2030-05-02', { locationId: location.id })
    const link = await createShareLink('project', project.id)

    const on = await client.get(`/api/share/${link.token}`)
    const url = on.body().project.locationMapImageUrl
    assert.equal(url, LocationMaps.urlOf({ id: location.id, ...HARBOUR }, link.token))
    const picture = await client.get(url)
    picture.assertStatus(200)

    useFake({ apiKey: null })
    const off = await client.get(`/api/share/${link.token}`)
    assert.isNull(off.body().project.locationMapImageUrl)
    // The map link stays.
    assert.deepEqual(off.body().project.locationMap, HARBOUR)
  })
})

test.group('static map: when Google or the configuration fails', (group) => {
  withFake(group)

  test('without MAPS_API_KEY there is no picture (503) and Google is never asked', async ({
    client,
    assert,
  }) => {
    useFake({ apiKey: null })
    const { session } = await schedulePerson('staff')
    const location = await createLocation(HARBOUR)
    const response = await client.get(mapOf(location.id)).withSession(session)
    response.assertStatus(503)
    response.assertBody({ message: 'Map pictures are not configured' })
    assert.lengthOf(google.received, 0)

    const docs = await client.get('/api/app-docs')
    assert.isFalse(docs.body().features.staticMap)
  })

  test('MAPS_API_KEY and STATIC_MAPS_BASE_URL configure the client', async ({ client, assert }) => {
    setEnvValue('MAPS_API_KEY', new Secret(google.apiKey))
    setEnvValue('STATIC_MAPS_BASE_URL', google.url)
    try {
      app.container.swap(StaticMapsClient, configuredStaticMapsClient)
      const { session } = await schedulePerson('staff')
      const location = await createLocation(HARBOUR)
      const response = await client.get(mapOf(location.id)).withSession(session)
      response.assertStatus(200)
      assert.equal(google.received[0].query.key, google.apiKey)
      const docs = await client.get('/api/app-docs')
      assert.isTrue(docs.body().features.staticMap)
      assert.notInclude(JSON.stringify(docs.body()), google.apiKey)
    } finally {
      setEnvValue('MAPS_API_KEY', undefined)
      setEnvValue('STATIC_MAPS_BASE_URL', undefined)
    }
  })

  test("Google's refusals and failures become 502, 503 and 504 that say what to do", async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const location = await createLocation(HARBOUR)
    const ask = () => client.get(mapOf(location.id)).withSession(session)

    useFake({ apiKey: 'AIzaSyThisKeyWasNeverIssued-0123456789' })
    const invalid = await ask()
    invalid.assertStatus(502)
    invalid.assertBody({
      message:
        'No map: Google refused the key (The Google Maps Platform server rejected your request. The provided API key is invalid.). Check MAPS_API_KEY and that the Maps Static API is enabled for its project.',
    })

    useFake({ apiKey: KEY_WITHOUT_STATIC_MAPS })
    const disabled = await ask()
    disabled.assertStatus(502)
    assert.match(disabled.body().message, /not authorized to use this API.*MAPS_API_KEY/)

    useFake()
    google.failNext({ status: 429 })
    const quota = await ask()
    quota.assertStatus(503)
    assert.match(quota.body().message, /quota is used up/)
    assert.notEqual(quota.header('content-type'), 'image/png')

    google.failNext({ status: 500 })
    const broken = await ask()
    broken.assertStatus(502)
    assert.equal(broken.body().message, 'No map: the Maps Static API answered 500')

    useFake({ timeoutMs: 200 })
    google.failNext('hang')
    const slow = await ask()
    slow.assertStatus(504)
    assert.match(slow.body().message, /did not answer within 0.2 s/)

    // None of these answers named the key.
    for (const response of [invalid, disabled, quota, broken, slow]) {
      assert.notInclude(JSON.stringify(response.body()), 'AIzaSy')
    }
  })

  test('each person gets 60 pictures a minute, like address lookups; the 61st is 429', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const location = await createLocation(HARBOUR)
    for (let picture = 1; picture <= 60; picture++) {
      const response = await client.get(mapOf(location.id)).withSession(session)
      response.assertStatus(200)
    }
    const refused = await client.get(mapOf(location.id)).withSession(session)
    refused.assertStatus(429)
    assert.isAbove(Number(refused.header('retry-after')), 0)
    assert.lengthOf(google.received, 60)

    const someoneElse = await schedulePerson('staff')
    const theirs = await client.get(mapOf(location.id)).withSession(someoneElse.session)
    theirs.assertStatus(200)
  })
})
