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
