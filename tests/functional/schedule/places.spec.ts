import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { Group } from '@japa/runner/core'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import { Secret } from '@adonisjs/core/helpers'
import { PlacesClient, configuredPlacesClient } from '#services/schedule/places/places_client'
import { freePort } from '#services/shared/local_stack'
import { schedulePerson } from '#tests/helpers/schedule_people'
import { setEnvValue } from '#tests/helpers/test_env'
import { startGooglePlacesFake, type GooglePlacesFake } from '#tests/fakes/google_places'

const KEY_WITHOUT_PLACES_API = 'AIzaSyKeyOfAProjectWithoutPlacesApi-000'
const ROYAL_ALBERT_HALL = 'ChIJfakeRoyalAlbertHall0001'
const BOTH_ROUTES = [
  '/api/places/autocomplete?q=hall',
  `/api/places/details?placeId=${ROYAL_ALBERT_HALL}`,
]

let places: GooglePlacesFake

/** schedule's PlacesClient talks to the fake, with its key unless told another. */
function usePlacesFake(options: { apiKey?: string; timeoutMs?: number } = {}) {
  app.container.swap(
    PlacesClient,
    () =>
      new PlacesClient({
        apiKey: new Secret(options.apiKey ?? places.apiKey),
        baseUrl: places.url,
        timeoutMs: options.timeoutMs,
      })
  )
}

function withPlacesFake(group: Group) {
  group.setup(async () => {
    places = await startGooglePlacesFake({ keysWithoutPlacesApi: [KEY_WITHOUT_PLACES_API] })
    return async () => {
      app.container.restore(PlacesClient)
      await places.close()
    }
  })
  group.each.setup(() => {
    places.reset()
    usePlacesFake()
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
}

test.group('places: access', (group) => {
  withPlacesFake(group)

  test('signed out, both routes answer 401 and Google is never asked', async ({
    client,
    assert,
  }) => {
    for (const url of BOTH_ROUTES) {
      const response = await client.get(url)
      response.assertStatus(401)
      response.assertBody({ message: 'Not authenticated' })
    }
    assert.lengthOf(places.received, 0)
  })
})

test.group('places: lookups through Google', (group) => {
  withPlacesFake(group)

  test('autocomplete: suggestions from Google, with the key, field mask and session token', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const sessionToken = randomUUID()
    const response = await client
      .get('/api/places/autocomplete')
      .qs({ q: 'Studios', sessionToken })
      .withSession(session)
    response.assertStatus(200)
    response.assertBody([
      {
        placeId: 'ChIJfakePinewoodStudios0001',
        mainText: 'Pinewood Studios',
        secondaryText: 'Pinewood Rd, Iver Heath, Iver SL0 0NH, UK',
      },
      {
        placeId: 'ChIJfakeSheppertonStudios01',
        mainText: 'Shepperton Studios',
        secondaryText: 'Studios Rd, Shepperton TW17 0QD, UK',
      },
    ])

    assert.lengthOf(places.received, 1)
    const [sent] = places.received
    assert.equal(sent.method, 'POST')
    assert.equal(sent.path, '/v1/places:autocomplete')
    assert.equal(sent.headers['x-goog-api-key'], places.apiKey)
    assert.include(sent.headers['x-goog-fieldmask'], 'suggestions.placePrediction.placeId')
    assert.deepEqual(sent.body, { input: 'Studios', sessionToken })
  })

  test('autocomplete: accents and case do not matter; no match is an empty list', async ({
    client,
  }) => {
    const { session } = await schedulePerson('staff')
    const cafe = await client.get('/api/places/autocomplete?q=CAFE').withSession(session)
    cafe.assertStatus(200)
    cafe.assertBody([
      {
        placeId: 'ChIJfakeCafeDeFlore00000001',
        mainText: 'Café de Flore',
        secondaryText: '172 Bd Saint-Germain, 75006 Paris, France',
      },
    ])

    const none = await client.get('/api/places/autocomplete?q=Atlantis').withSession(session)
    none.assertStatus(200)
    none.assertBody([])
  })

  test("details: the place's name, address and coordinates, closing the session", async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const sessionToken = randomUUID()
    const response = await client
      .get('/api/places/details')
      .qs({ placeId: ROYAL_ALBERT_HALL, sessionToken })
      .withSession(session)
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      placeId: ROYAL_ALBERT_HALL,
      name: 'Royal Albert Hall',
      address: 'Kensington Gore, South Kensington, London SW7 2AP, UK',
      lat: 51.5009,
      lng: -0.1774,
      addressComponents: [
        { longText: 'Kensington Gore', shortText: 'Kensington Gore', types: ['route'] },
        { longText: 'London', shortText: 'London', types: ['postal_town'] },
        { longText: 'SW7 2AP', shortText: 'SW7 2AP', types: ['postal_code'] },
        { longText: 'United Kingdom', shortText: 'GB', types: ['country', 'political'] },
      ],
    })

    const [sent] = places.received
    assert.equal(sent.method, 'GET')
    assert.equal(sent.path, `/v1/places/${ROYAL_ALBERT_HALL}`)
    assert.deepEqual(sent.query, { sessionToken })
    assert.equal(sent.headers['x-goog-api-key'], places.apiKey)
    assert.sameMembers(sent.headers['x-goog-fieldmask']!.split(','), [
      'id',
      'displayName',
      'formattedAddress',
      'location',
      'addressComponents',
    ])
  })

  test('without a session token none is sent', async ({ client, assert }) => {
    const { session } = await schedulePerson('admin')
    const suggestions = await client.get('/api/places/autocomplete?q=hall').withSession(session)
    suggestions.assertStatus(200)
    const place = await client
      .get(`/api/places/details?placeId=${ROYAL_ALBERT_HALL}`)
      .withSession(session)
    place.assertStatus(200)
    assert.deepEqual(places.received[0].body, { input: 'hall' })
    assert.deepEqual(places.received[1].query, {})
  })

  test('an unknown place is 404 { message }', async ({ client }) => {
    const { session } = await schedulePerson('staff')
    const response = await client
      .get('/api/places/details?placeId=ChIJfakeNoSuchPlace00000001')
      .withSession(session)
    response.assertStatus(404)
    response.assertBody({ message: 'Place not found' })
  })

  test('bad queries are 422 and never reach Google', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const cases: [string, string][] = [
      ['/api/places/autocomplete', 'q'],
      ['/api/places/autocomplete?q=%20%20', 'q'],
      [`/api/places/autocomplete?q=${'a'.repeat(201)}`, 'q'],
      ['/api/places/autocomplete?q=hall&sessionToken=not%2Fbase64', 'sessionToken'],
      [`/api/places/autocomplete?q=hall&sessionToken=${'a'.repeat(37)}`, 'sessionToken'],
      ['/api/places/details', 'placeId'],
      ['/api/places/details?placeId=..%2F..%2Fv1%2Fplaces%3Aautocomplete', 'placeId'],
      ['/api/places/details?placeId=short', 'placeId'],
    ]
    for (const [url, field] of cases) {
      const response = await client.get(url).withSession(session)
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, field, url)
    }
    assert.lengthOf(places.received, 0)
  })
})

test.group('places: when Google or the configuration fails', (group) => {
  withPlacesFake(group)

  test('without MAPS_API_KEY both routes are 503 and Google is never asked', async ({
    client,
    assert,
  }) => {
    app.container.swap(PlacesClient, () => new PlacesClient({ baseUrl: places.url }))
    const { session } = await schedulePerson('staff')
    for (const url of BOTH_ROUTES) {
      const response = await client.get(url).withSession(session)
      response.assertStatus(503)
      response.assertBody({ message: 'Address lookup is not configured' })
    }
    assert.lengthOf(places.received, 0)
  })

  test('MAPS_API_KEY and PLACES_BASE_URL configure the client', async ({ client, assert }) => {
    setEnvValue('MAPS_API_KEY', new Secret(places.apiKey))
    setEnvValue('PLACES_BASE_URL', places.url)
    try {
      app.container.swap(PlacesClient, configuredPlacesClient)
      const { session } = await schedulePerson('staff')
      const response = await client.get('/api/places/autocomplete?q=pinewood').withSession(session)
      response.assertStatus(200)
      assert.equal(response.body()[0].mainText, 'Pinewood Studios')
      assert.equal(places.received[0].headers['x-goog-api-key'], places.apiKey)
    } finally {
      setEnvValue('MAPS_API_KEY', undefined)
      setEnvValue('PLACES_BASE_URL', undefined)
    }
  })

  test('a key Google calls invalid is 502, saying what to check, never the key', async ({
    client,
  }) => {
    usePlacesFake({ apiKey: 'AIzaSyThisKeyWasNeverIssued-0123456789' })
    const { session } = await schedulePerson('staff')
    const response = await client.get('/api/places/autocomplete?q=hall').withSession(session)
    response.assertStatus(502)
    response.assertBody({
      message:
        'Address lookup failed: Google refused the Places API key (API_KEY_INVALID). Check MAPS_API_KEY and that Places API (New) is enabled for its project.',
    })
  })

  test('a key whose project has not enabled Places API (New) is 502', async ({ client }) => {
    usePlacesFake({ apiKey: KEY_WITHOUT_PLACES_API })
    const { session } = await schedulePerson('staff')
    const response = await client
      .get(`/api/places/details?placeId=${ROYAL_ALBERT_HALL}`)
      .withSession(session)
    response.assertStatus(502)
    response.assertBody({
      message:
        'Address lookup failed: Google refused the Places API key (SERVICE_DISABLED). Check MAPS_API_KEY and that Places API (New) is enabled for its project.',
    })
  })

  test("Google's quota used up is 503, with Retry-After when Google says when", async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const busy = {
      message: 'Address lookup is busy: the Places API quota is used up for now. Try again later.',
    }

    places.failNext({ status: 429, retryDelaySeconds: 30 })
    const withDelay = await client.get('/api/places/autocomplete?q=hall').withSession(session)
    withDelay.assertStatus(503)
    withDelay.assertBody(busy)
    assert.equal(withDelay.header('retry-after'), '30')

    places.failNext({ status: 429 })
    const withoutDelay = await client
      .get(`/api/places/details?placeId=${ROYAL_ALBERT_HALL}`)
      .withSession(session)
    withoutDelay.assertStatus(503)
    withoutDelay.assertBody(busy)
    assert.isUndefined(withoutDelay.header('retry-after'))

    const recovered = await client.get('/api/places/autocomplete?q=hall').withSession(session)
    recovered.assertStatus(200)
  })

  test('a failure at Google is 502 with its status', async ({ client }) => {
    const { session } = await schedulePerson('staff')
    places.failNext({ status: 500 })
    const response = await client.get('/api/places/autocomplete?q=hall').withSession(session)
    response.assertStatus(502)
    response.assertBody({
      message: 'Address lookup failed: the Places API answered 500 (INTERNAL)',
    })
  })

  test('Google not answering in time is 504', async ({ client, assert }) => {
    usePlacesFake({ timeoutMs: 300 })
    const { session } = await schedulePerson('staff')
    places.failNext('hang')
    const response = await client.get('/api/places/autocomplete?q=hall').withSession(session)
    response.assertStatus(504)
    response.assertBody({
      message: 'Address lookup timed out: the Places API did not answer within 0.3 s',
    })
    assert.lengthOf(places.received, 1)
  })

  test('Google unreachable is 502', async ({ client }) => {
    const closedPort = await freePort()
    app.container.swap(
      PlacesClient,
      () =>
        new PlacesClient({ apiKey: new Secret('key'), baseUrl: `http://127.0.0.1:${closedPort}` })
    )
    const { session } = await schedulePerson('staff')
    const response = await client.get('/api/places/autocomplete?q=hall').withSession(session)
    response.assertStatus(502)
    response.assertBody({ message: 'Address lookup failed: the Places API could not be reached' })
  })
})

test.group('places: rate limit and description', (group) => {
  withPlacesFake(group)

  test('each person gets 60 lookups a minute; the 61st is 429 and costs nothing', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    for (let lookup = 1; lookup <= 60; lookup++) {
      const url =
        lookup % 2
          ? '/api/places/autocomplete?q=hall'
          : `/api/places/details?placeId=${ROYAL_ALBERT_HALL}`
      const response = await client.get(url).withSession(session)
      response.assertStatus(200)
    }
    const refused = await client.get('/api/places/autocomplete?q=hall').withSession(session)
    refused.assertStatus(429)
    refused.assertBody({ message: 'Too many requests, please try again later' })
    assert.isAbove(Number(refused.header('retry-after')), 0)
    assert.lengthOf(places.received, 60)

    const someoneElse = await schedulePerson('staff')
    const theirs = await client
      .get('/api/places/autocomplete?q=hall')
      .withSession(someoneElse.session)
    theirs.assertStatus(200)
  })

  test('/api/app-docs says whether address lookup is on and its limit, never the key', async ({
    client,
    assert,
  }) => {
    const on = await client.get('/api/app-docs')
    assert.isTrue(on.body().features.addressLookup)
    assert.deepEqual(on.body().limits.addressLookupRateLimit, { requests: 60, window: '1 minute' })
    assert.notInclude(JSON.stringify(on.body()), places.apiKey)
    assert.includeDeepMembers(on.body().routes, [
      { method: 'GET', path: '/api/places/autocomplete', access: 'staff or admin' },
      { method: 'GET', path: '/api/places/details', access: 'staff or admin' },
    ])

    app.container.swap(PlacesClient, () => new PlacesClient())
    const off = await client.get('/api/app-docs')
    assert.isFalse(off.body().features.addressLookup)
  })
})
