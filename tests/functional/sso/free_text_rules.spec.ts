import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/sso/user'
import { UserAccounts } from '#services/sso/user_accounts'
import { PASSWORD, verifiedPerson } from '#tests/helpers/sso_people'

type Send = (client: ApiClient, person: User, value: string) => ReturnType<ApiClient['get']>

const NUL = '\u0000'
const CALLBACK = 'https://transfer.example.com/auth/callback'

/** One text field per route, with the rest of the request valid. */
const TEXT_CASES: { route: string; field: string; send: Send }[] = [
  {
    route: 'POST /register',
    field: 'name',
    send: (client, _person, name) =>
      client
        .post('/register')
        .header('accept', 'application/json')
        .json({ email: 'new@example.com', password: 'a long new password', name })
        .withCsrfToken(),
  },
  {
    route: 'POST /login',
    field: 'password',
    send: (client, person, password) =>
      client
        .post('/login')
        .header('accept', 'application/json')
        .json({ email: person.email, password })
        .withCsrfToken(),
  },
  {
    route: 'PATCH /api/account/profile',
    field: 'displayName',
    send: (client, person, displayName) =>
      client.patch('/api/account/profile').json({ displayName }).withCsrfToken().loginAs(person),
  },
  {
    route: 'POST /api/admin/apps',
    field: 'name',
    send: (client, person, name) =>
      client
        .post('/api/admin/apps')
        .json({ name, redirectUris: [CALLBACK] })
        .withCsrfToken()
        .loginAs(person),
  },
  {
    route: 'POST /api/admin/apps',
    field: 'redirectUris.0',
    send: (client, person, path) =>
      client
        .post('/api/admin/apps')
        .json({ name: 'transfer', redirectUris: [`${CALLBACK}/${path}`] })
        .withCsrfToken()
        .loginAs(person),
  },
  {
    route: 'GET /api/admin/people',
    field: 'q',
    send: (client, person, q) => client.get('/api/admin/people').qs({ q }).loginAs(person),
  },
  {
    route: 'GET /api/admin/audit',
    field: 'person',
    send: (client, person, name) =>
      client.get('/api/admin/audit').qs({ person: name }).loginAs(person),
  },
  {
    route: 'POST /api/embed/token',
    field: 'apiKey',
    send: (client, person, apiKey) =>
      client.post('/api/embed/token').json({ apiKey, secretKey: 'sk_x', userId: person.id }),
  },
]

function assertNamesField(response: Awaited<ReturnType<Send>>, field: string, route: string) {
  if (response.status() !== 422) {
    throw new Error(`${route} ${field}: expected 422, got ${response.status()}`)
  }
  const fields = (response.body().errors as { field: string }[]).map((error) => error.field)
  if (!fields.includes(field)) {
    throw new Error(`${route}: the 422 names ${fields.join(', ')}, not ${field}`)
  }
}

function admin() {
  return verifiedPerson('admin@example.com', { isAdmin: true })
}

test.group('sso: free text is checked before it reaches the database', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a NUL in any text field is a 422 naming the field', async ({ client, assert }) => {
    const person = await admin()
    for (const { route, field, send } of TEXT_CASES) {
      const response = await send(client, person, `A${NUL}B`)
      assertNamesField(response, field, route)
      assert.equal(response.body().message, 'Validation failed')
    }
  })

  test('names are one line: control characters and line breaks are refused', async ({
    client,
    assert,
  }) => {
    const person = await admin()
    for (const displayName of ['Two\nlines', 'Tab\there', 'bell\u0007', 'del\u007f', 'x\ud800']) {
      const response = await client
        .patch('/api/account/profile')
        .json({ displayName })
        .withCsrfToken()
        .loginAs(person)
      assertNamesField(response, 'displayName', JSON.stringify(displayName))
    }
    const fine = await client
      .patch('/api/account/profile')
      .json({ displayName: ' Zoë 🎬 Ōta ' })
      .withCsrfToken()
      .loginAs(person)
    assert.oneOf(fine.status(), [200, 204])
    await person.refresh()
    assert.equal(person.displayName, 'Zoë 🎬 Ōta')
  })

  test('passwords keep every character but NUL', async ({ client, assert }) => {
    const tabbed = 'tab\tand\nnewline password'
    const person = await new UserAccounts().create({
      email: 'tabs@example.com',
      password: tabbed,
      emailVerified: true,
    })
    const signedIn = await client
      .post('/login')
      .json({ email: person.email, password: tabbed })
      .withCsrfToken()
      .redirects(0)
    assert.equal(signedIn.status(), 302)

    const withNul = await client
      .post('/register')
      .header('accept', 'application/json')
      .json({ email: 'nul@example.com', password: `${PASSWORD}${NUL}tail` })
      .withCsrfToken()
    assertNamesField(withNul, 'password', 'POST /register')
  })
})

test.group('sso: ids out of the database range', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an admin route with an id past 2147483647 is a 404', async ({ client, assert }) => {
    const person = await admin()
    for (const id of ['2147483648', '99999999999999999999']) {
      for (const [method, url] of [
        ['post', `/api/admin/people/${id}/disable`],
        ['post', `/api/admin/people/${id}/grant-admin`],
        ['patch', `/api/admin/apps/${id}`],
        ['post', `/api/admin/apps/${id}/rotate-secret`],
        ['delete', `/api/admin/apps/${id}`],
      ] as const) {
        const response = await client[method](url).json({}).withCsrfToken().loginAs(person)
        assert.equal(response.status(), 404, `${method} ${url}`)
      }
    }
    const largest = await client
      .post('/api/admin/people/2147483647/disable')
      .json({})
      .withCsrfToken()
      .loginAs(person)
    assert.equal(largest.status(), 404)
  })

  test('an id past 2147483647 in a body is a 422 on the field', async ({ client }) => {
    for (const userId of [2147483648, 99999999999999999999]) {
      const response = await client
        .post('/api/embed/token')
        .json({ apiKey: 'ak_x', secretKey: 'sk_x', userId })
      assertNamesField(response, 'userId', 'POST /api/embed/token')
    }
  })
})
