import { test } from '@japa/runner'
import { startGooglePlacesFake, type GooglePlacesFake } from '#tests/fakes/google_places'

/*
 * The fake refuses what Google refuses. The app's own tests only show what
 * the app sends; these show that a client which forgot the key, the field
 * mask or sent a field Google does not know would fail here as it would
 * against Google.
 */

let places: GooglePlacesFake

/** The message of Google's error body. */
async function errorMessageOf(response: Response) {
  const body = (await response.json()) as { error: { message: string } }
  return body.error.message
}

const PINEWOOD = 'ChIJfakePinewoodStudios0001'

function autocomplete(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${places.url}/v1/places:autocomplete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-goog-api-key': places.apiKey, ...headers },
    body: JSON.stringify(body),
  })
}

function details(path: string, headers: Record<string, string> = {}) {
  return fetch(`${places.url}/v1/places/${path}`, {
    headers: { 'x-goog-api-key': places.apiKey, ...headers },
  })
}

test.group('Google Places fake', (group) => {
  group.setup(async () => {
    places = await startGooglePlacesFake({ keysWithoutPlacesApi: ['AIzaSyBlockedKey-0000000000'] })
    return () => places.close()
  })
  group.each.setup(() => places.reset())

  test('no key is 403 PERMISSION_DENIED; an unknown key 400 API_KEY_INVALID; a key without the API 403 SERVICE_DISABLED', async ({
    assert,
  }) => {
    const missing = await details(PINEWOOD, { 'x-goog-api-key': '' })
    assert.equal(missing.status, 403)
    assert.containsSubset(await missing.json(), {
      error: { code: 403, status: 'PERMISSION_DENIED' },
    })

    const unknown = await autocomplete({ input: 'studios' }, { 'x-goog-api-key': 'AIzaSyNope' })
    assert.equal(unknown.status, 400)
    assert.containsSubset(await unknown.json(), {
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: 'API key not valid. Please pass a valid API key.',
        details: [{ reason: 'API_KEY_INVALID' }],
      },
    })

    const blocked = await details(PINEWOOD, {
      'x-goog-api-key': 'AIzaSyBlockedKey-0000000000',
      'x-goog-fieldmask': 'id',
    })
    assert.equal(blocked.status, 403)
    assert.containsSubset(await blocked.json(), {
      error: { status: 'PERMISSION_DENIED', details: [{ reason: 'SERVICE_DISABLED' }] },
    })
  })

  test('details needs a field mask and answers only the masked fields', async ({ assert }) => {
    const withoutMask = await details(PINEWOOD)
    assert.equal(withoutMask.status, 400)
    assert.match(await errorMessageOf(withoutMask), /^FieldMask is a required parameter/)

    const masked = await details(PINEWOOD, { 'x-goog-fieldmask': 'displayName,location' })
    assert.equal(masked.status, 200)
    assert.deepEqual(await masked.json(), {
      displayName: { text: 'Pinewood Studios', languageCode: 'en' },
      location: { latitude: 51.5496, longitude: -0.5366 },
    })

    const byParameter = await details(`${PINEWOOD}?fields=id`)
    assert.deepEqual(await byParameter.json(), { id: PINEWOOD })

    const unknownField = await details(PINEWOOD, { 'x-goog-fieldmask': 'id,formatedAddress' })
    assert.equal(unknownField.status, 400)
  })

  test('details refuses unknown query parameters and bad session tokens; unknown ids are 404', async ({
    assert,
  }) => {
    const mask = { 'x-goog-fieldmask': 'id' }
    const misspelt = await details(`${PINEWOOD}?session_token=abc`, mask)
    assert.equal(misspelt.status, 400)
    const tooLong = await details(`${PINEWOOD}?sessionToken=${'a'.repeat(37)}`, mask)
    assert.equal(tooLong.status, 400)
    const uuidLike = await details(`${PINEWOOD}?sessionToken=abc-DEF_123`, mask)
    assert.equal(uuidLike.status, 200)

    const unknown = await details('ChIJfakeNoSuchPlace00000001', mask)
    assert.equal(unknown.status, 404)
    assert.deepEqual(await unknown.json(), {
      error: { code: 404, message: 'The place ID is not found.', status: 'NOT_FOUND' },
    })
  })

  test('autocomplete refuses unknown fields, a missing input and bad session tokens', async ({
    assert,
  }) => {
    const unknownField = await autocomplete({ input: 'studios', query: 'studios' })
    assert.equal(unknownField.status, 400)
    assert.equal(
      await errorMessageOf(unknownField),
      'Invalid JSON payload received. Unknown name "query": Cannot find field.'
    )
    const withoutInput = await autocomplete({})
    assert.equal(withoutInput.status, 400)
    const badToken = await autocomplete({ input: 'a', sessionToken: 'not/url/safe' })
    assert.equal(badToken.status, 400)
  })

  test('autocomplete leaves suggestions out when none match and honours a field mask', async ({
    assert,
  }) => {
    const none = await autocomplete({ input: 'Atlantis' })
    assert.equal(none.status, 200)
    assert.deepEqual(await none.json(), {})

    const masked = await autocomplete(
      { input: 'royal' },
      { 'x-goog-fieldmask': 'suggestions.placePrediction.placeId' }
    )
    assert.deepEqual(await masked.json(), {
      suggestions: [{ placePrediction: { placeId: 'ChIJfakeRoyalAlbertHall0001' } }],
    })
  })

  test('an unknown path is an HTML 404, as Google answers', async ({ assert }) => {
    const response = await fetch(`${places.url}/v2/places:autocomplete`, { method: 'POST' })
    assert.equal(response.status, 404)
    assert.match(response.headers.get('content-type')!, /^text\/html/)
  })

  test('a failure applies to the next request only; every request is recorded', async ({
    assert,
  }) => {
    places.failNext({ status: 503 })
    const failed = await autocomplete({ input: 'hall' })
    assert.equal(failed.status, 503)
    assert.containsSubset(await failed.json(), { error: { status: 'UNAVAILABLE' } })

    const next = await autocomplete({ input: 'hall' })
    assert.equal(next.status, 200)

    assert.deepEqual(
      places.received.map(({ method, path, body }) => ({ method, path, body })),
      [
        { method: 'POST', path: '/v1/places:autocomplete', body: { input: 'hall' } },
        { method: 'POST', path: '/v1/places:autocomplete', body: { input: 'hall' } },
      ]
    )
  })
})

test.group('Google Places fake: Maps Static API', (group) => {
  const WITHOUT_STATIC_MAPS = 'AIzaSyKeyWithoutStaticMaps-000000000'

  group.setup(async () => {
    places = await startGooglePlacesFake({ keysWithoutStaticMapsApi: [WITHOUT_STATIC_MAPS] })
    return () => places.close()
  })
  group.each.setup(() => places.reset())

  function staticMap(query: Record<string, string>) {
    return fetch(`${places.url}/maps/api/staticmap?${new URLSearchParams(query)}`)
  }
  const PIN = { center: '51.5,-0.12', markers: '51.5,-0.12' }

  test('a map is a PNG of the asked size times the scale', async ({ assert }) => {
    const response = await staticMap({ ...PIN, size: '300x150', scale: '2', key: places.apiKey })
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-type'), 'image/png')
    const png = Buffer.from(await response.arrayBuffer())
    // The PNG header's IHDR: width and height as big-endian numbers at bytes 16 and 20.
    assert.equal(png.toString('latin1', 1, 4), 'PNG')
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [600, 300])
  })

  test('no key, an unknown key and a key without the API are 403 in words, before the request is checked', async ({
    assert,
  }) => {
    const cases = [
      [{}, /You must use an API key/],
      [{ key: 'AIzaSyNeverIssued-000000000000000000' }, /The provided API key is invalid/],
      [{ key: WITHOUT_STATIC_MAPS }, /not authorized to use this API/],
    ] as const
    for (const [key, message] of cases) {
      // Without a size either: the key is checked first.
      const response = await staticMap({ ...PIN, ...key })
      assert.equal(response.status, 403)
      assert.match(response.headers.get('content-type')!, /^text\/plain/)
      const text = await response.text()
      assert.match(text, /^The Google Maps Platform server rejected your request\./)
      assert.match(text, message)
    }
  })

  test('a missing or out-of-range size, a bad scale or zoom and no center are 400', async ({
    assert,
  }) => {
    const key = places.apiKey
    const cases = [
      [{ ...PIN, key }, "Missing the 'size' parameter"],
      [{ ...PIN, key, size: '641x100' }, "Invalid 'size' parameter"],
      [{ ...PIN, key, size: 'wide' }, "Invalid 'size' parameter"],
      [{ ...PIN, key, size: '100x100', scale: '3' }, "Invalid 'scale' parameter"],
      [{ ...PIN, key, size: '100x100', zoom: '22' }, "Invalid 'zoom' parameter"],
      [{ key, size: '100x100' }, "Missing the 'center' parameter"],
      [{ key, size: '100x100', center: '91,0' }, "Invalid 'center' parameter"],
    ] as const
    for (const [query, message] of cases) {
      const response = await staticMap(query)
      assert.equal(response.status, 400, message)
      assert.include(await response.text(), message)
    }
  })

  test('over quota it answers its error image with a 403; a server error is an HTML page', async ({
    assert,
  }) => {
    const query = { ...PIN, size: '100x100', key: places.apiKey }
    places.failNext({ status: 429 })
    const quota = await staticMap(query)
    assert.equal(quota.status, 403)
    assert.equal(quota.headers.get('content-type'), 'image/png')
    places.failNext({ status: 500 })
    const broken = await staticMap(query)
    assert.equal(broken.status, 500)
    assert.match(broken.headers.get('content-type')!, /^text\/html/)
    assert.lengthOf(places.received, 2)
  })
})
