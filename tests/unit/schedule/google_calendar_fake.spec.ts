import { createSign } from 'node:crypto'
import { test } from '@japa/runner'
import {
  makeServiceAccountKey,
  startGoogleCalendarFake,
  type GoogleCalendarFake,
  type ServiceAccountKey,
} from '#tests/fakes/google_calendar'

/*
 * The fake refuses what Google refuses, so a client that signs with the
 * wrong key, writes to a calendar it was not given, or inserts an id twice
 * fails here as it would at Google. Plain fetch with a hand-signed token:
 * these tests show the fake, not the app.
 */

let fake: GoogleCalendarFake

const SCOPE = 'https://www.googleapis.com/auth/calendar'

/** A self-signed service-account token, as google-auth-library's JWTAccess makes one. */
function tokenOf(key: ServiceAccountKey, claims: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000)
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const header = encode({ alg: 'RS256', typ: 'JWT', kid: key.private_key_id })
  const payload = encode({
    iss: key.client_email,
    sub: key.client_email,
    scope: SCOPE,
    iat: now,
    exp: now + 3600,
    ...claims,
  })
  const signature = createSign('RSA-SHA256')
    .update(`${header}.${payload}`)
    .sign(key.private_key, 'base64url')
  return `${header}.${payload}.${signature}`
}

function call(
  method: string,
  path: string,
  options: { body?: unknown; token?: string | null } = {}
) {
  const token = options.token === undefined ? tokenOf(fake.serviceAccountKey) : options.token
  return fetch(new URL(`calendar/v3/${path}`, fake.url), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  })
}

/** Only the status of the answer. */
async function statusOf(...args: Parameters<typeof call>) {
  const response = await call(...args)
  return response.status
}

const eventsPath = () => `calendars/${encodeURIComponent(fake.calendarId)}/events`
const allDay = (id: string) => ({
  id,
  summary: 'Harbour shoot',
  start: { date: '2026-03-02' },
  end: { date: '2026-03-03' },
})

test.group('Google Calendar fake', (group) => {
  group.setup(async () => {
    fake = await startGoogleCalendarFake()
    return () => fake.close()
  })
  group.each.setup(() => fake.reset())

  test('no token is 401 required; a token signed by another key, or expired, 401 authError', async ({
    assert,
  }) => {
    const missing = await call('GET', `calendars/${encodeURIComponent(fake.calendarId)}`, {
      token: null,
    })
    assert.equal(missing.status, 401)
    assert.containsSubset(await missing.json(), {
      error: { code: 401, errors: [{ reason: 'required', domain: 'global' }] },
    })

    const stranger = makeServiceAccountKey(fake.serviceAccountKey.client_email)
    const forged = await call('GET', `calendars/${encodeURIComponent(fake.calendarId)}`, {
      // The right key id and email, signed with another private key.
      token: tokenOf({ ...stranger, private_key_id: fake.serviceAccountKey.private_key_id }),
    })
    assert.equal(forged.status, 401)
    assert.containsSubset(await forged.json(), {
      error: { code: 401, message: 'Invalid Credentials', errors: [{ reason: 'authError' }] },
    })

    const past = Math.floor(Date.now() / 1000) - 7200
    const expired = await call('GET', `calendars/${encodeURIComponent(fake.calendarId)}`, {
      token: tokenOf(fake.serviceAccountKey, { iat: past, exp: past + 3600 }),
    })
    assert.equal(expired.status, 401)
  })

  test('a calendar the account was not given is 404; a read-only one refuses writes with 403', async ({
    assert,
  }) => {
    fake.addCalendar({ id: 'someone@example.com', summary: 'Private', timeZone: 'UTC' })
    const hidden = await call('GET', 'calendars/someone%40example.com')
    assert.equal(hidden.status, 404)
    assert.containsSubset(await hidden.json(), {
      error: { code: 404, errors: [{ reason: 'notFound' }] },
    })

    fake.addCalendar({
      id: 'readonly@example.com',
      summary: 'Read only',
      timeZone: 'UTC',
      access: { [fake.serviceAccountKey.client_email]: 'reader' },
    })
    const write = await call('POST', 'calendars/readonly%40example.com/events', {
      body: allDay('abcde12345'),
    })
    assert.equal(write.status, 403)
    assert.containsSubset(await write.json(), {
      error: { errors: [{ reason: 'requiredAccessLevel' }] },
    })
  })

  test('an id stays taken after deletion: insert is 409 duplicate, update brings it back', async ({
    assert,
  }) => {
    assert.equal(await statusOf('POST', eventsPath(), { body: allDay('abcde12345') }), 200)
    assert.equal(await statusOf('DELETE', `${eventsPath()}/abcde12345`), 204)
    const again = await call('DELETE', `${eventsPath()}/abcde12345`)
    assert.equal(again.status, 410)
    assert.containsSubset(await again.json(), { error: { errors: [{ reason: 'deleted' }] } })

    const duplicate = await call('POST', eventsPath(), { body: allDay('abcde12345') })
    assert.equal(duplicate.status, 409)
    assert.containsSubset(await duplicate.json(), {
      error: { code: 409, errors: [{ reason: 'duplicate' }] },
    })

    const update = await call('PUT', `${eventsPath()}/abcde12345`, {
      body: { ...allDay('abcde12345'), status: 'confirmed' },
    })
    assert.equal(update.status, 200)
    assert.equal(fake.liveEvents()[0].id, 'abcde12345')
    assert.equal(await statusOf('PUT', `${eventsPath()}/neverused1`, { body: allDay('x') }), 404)
  })

  test('ids outside base32hex, a missing end, an empty range and a zoneless time are 400', async ({
    assert,
  }) => {
    const cases = [
      { ...allDay('UPPERCASE1') },
      { ...allDay('abcde12345'), end: undefined },
      { ...allDay('abcde12345'), end: { date: '2026-03-02' } },
      {
        id: 'abcde12345',
        start: { dateTime: '2026-03-02T08:00:00' },
        end: { dateTime: '2026-03-02T18:00:00' },
      },
    ]
    for (const body of cases) {
      const response = await call('POST', eventsPath(), { body })
      assert.equal(response.status, 400, JSON.stringify(body))
    }
    assert.lengthOf(fake.events(), 0)
  })

  test('list filters by a private property, pages, and hides deleted events', async ({
    assert,
  }) => {
    for (const id of ['aaaaa00001', 'aaaaa00002', 'aaaaa00003']) {
      const body = { ...allDay(id), extendedProperties: { private: { mark: 'ours' } } }
      await call('POST', eventsPath(), { body })
    }
    await call('POST', eventsPath(), { body: allDay('bbbbb00001') })
    await call('DELETE', `${eventsPath()}/aaaaa00003`)

    const first = await call(
      'GET',
      `${eventsPath()}?privateExtendedProperty=mark%3Dours&maxResults=1`
    )
    const page = (await first.json()) as { items: { id: string }[]; nextPageToken?: string }
    assert.deepEqual(
      page.items.map((item) => item.id),
      ['aaaaa00001']
    )
    const second = await call(
      'GET',
      `${eventsPath()}?privateExtendedProperty=mark%3Dours&maxResults=1&pageToken=${page.nextPageToken}`
    )
    const rest = (await second.json()) as { items: { id: string }[]; nextPageToken?: string }
    assert.deepEqual(
      rest.items.map((item) => item.id),
      ['aaaaa00002']
    )
    assert.isUndefined(rest.nextPageToken)
  })

  test('fails on demand with Google bodies: 403 rate limit, 429, 5xx', async ({ assert }) => {
    fake.failNext({ status: 403, reason: 'rateLimitExceeded' })
    fake.failNext({ status: 429 })
    fake.failNext({ status: 503 })
    const limited = await call('POST', eventsPath(), { body: allDay('abcde12345') })
    assert.equal(limited.status, 403)
    assert.containsSubset(await limited.json(), {
      error: { errors: [{ reason: 'rateLimitExceeded', domain: 'usageLimits' }] },
    })
    assert.equal(await statusOf('POST', eventsPath(), { body: allDay('abcde12345') }), 429)
    assert.equal(await statusOf('POST', eventsPath(), { body: allDay('abcde12345') }), 503)
    assert.equal(await statusOf('POST', eventsPath(), { body: allDay('abcde12345') }), 200)
  })
})
