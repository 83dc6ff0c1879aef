import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { SsoFake, TEST_API_KEY, withSsoFakeAndTransactions } from '#tests/helpers/sso_fake'
import { TransferUsers } from '#services/transfer/transfer_users'
import User from '#models/transfer/user'
import { transferPerson } from '#tests/helpers/transfer_people'

const sso = new SsoFake()

test.group('transfer sign-in through sso', (group) => {
  withSsoFakeAndTransactions(group, sso)

  test('GET /api/auth/login sends the browser to sso with client_id and a redirect_uri from the request', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/auth/login').redirects(0)
    response.assertStatus(302)
    const location = new URL(response.header('location')!)
    assert.equal(`${location.origin}${location.pathname}`, `${sso.url}/authorize`)
    assert.equal(location.searchParams.get('client_id'), TEST_API_KEY)
    assert.match(
      location.searchParams.get('redirect_uri')!,
      /^http:\/\/127\.0\.0\.1:\d+\/auth\/callback$/
    )
  })

  test('the callback without a token redirects with missing_token', async ({ client }) => {
    const response = await client.get('/auth/callback').redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/?auth_error=missing_token')
  })

  test('the callback with a token sso rejects redirects with invalid_token', async ({ client }) => {
    const response = await client.get('/auth/callback').qs({ token: 'forged' }).redirects(0)
    response.assertHeader('location', '/?auth_error=invalid_token')
  })

  test('the callback when sso fails redirects with server_error', async ({ client }) => {
    sso.failNextWith(500)
    const token = sso.tokenFor({ userId: 7, email: 'kim@example.com' })
    const response = await client.get('/auth/callback').qs({ token }).redirects(0)
    response.assertHeader('location', '/?auth_error=server_error')
  })

  test('a person sso knows but transfer does not gets no_access', async ({ client }) => {
    const token = sso.tokenFor({ userId: 7, email: 'stranger@example.com' })
    const response = await client.get('/auth/callback').qs({ token }).redirects(0)
    response.assertHeader('location', '/?error=no_access')
  })

  test('a known person gets a one-time code, no cookie, and their sso id and name stored', async ({
    client,
    assert,
  }) => {
    await new TransferUsers().create('Kim.Lee@example.com', 'staff')
    const token = sso.tokenFor({ userId: 42, email: 'kim.lee@EXAMPLE.com', displayName: 'Kim Lee' })

    for (const path of ['/auth/callback', '/api/auth/callback']) {
      const response = await client.get(path).qs({ token }).redirects(0)
      response.assertStatus(302)
      assert.match(response.header('location')!, /^\/admin\?auth_code=[0-9a-f]{64}$/)
      assert.isUndefined(response.header('set-cookie')!)
    }
    const user = await User.findByOrFail('email', 'kim.lee@example.com')
    assert.equal(user.ssoUserId, '42')
    assert.equal(user.displayName, 'Kim Lee')
  })
})

async function codeFor(client: any, email: string, role: 'staff' | 'admin' = 'staff') {
  await new TransferUsers().create(email, role)
  const token = sso.tokenFor({ userId: 5, email })
  const response = await client.get('/auth/callback').qs({ token }).redirects(0)
  return new URL(response.header('location')!, 'http://x').searchParams.get('auth_code')!
}

test.group('transfer code exchange', (group) => {
  withSsoFakeAndTransactions(group, sso)

  test('a valid code creates the session: 200 with the user and the sessionId cookie', async ({
    client,
    assert,
  }) => {
    const code = await codeFor(client, 'ana@example.com', 'admin')
    const response = await client.post('/api/auth/exchange').json({ code }).withCsrfToken()
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      email: 'ana@example.com',
      displayName: 'ana',
      avatar: null,
      role: 'admin',
    })
    const cookie = String(response.header('set-cookie')!)
    assert.match(cookie, /sessionId=/)
    assert.match(cookie, /Max-Age=2592000/)
    assert.match(cookie, /HttpOnly/)
    assert.match(cookie, /SameSite=Lax/)
    assert.equal(response.session().userRole, 'admin')
    assert.equal(response.session().userEmail, 'ana@example.com')
  })

  test('a missing or non-string code is a 400', async ({ client }) => {
    const missing = await client.post('/api/auth/exchange').json({}).withCsrfToken()
    missing.assertStatus(400)
    missing.assertBody({ error: 'Code is required' })
    const numeric = await client.post('/api/auth/exchange').json({ code: 12 }).withCsrfToken()
    numeric.assertStatus(400)
  })

  test('an unknown code is a 401', async ({ client }) => {
    const response = await client
      .post('/api/auth/exchange')
      .json({ code: 'a'.repeat(64) })
      .withCsrfToken()
    response.assertStatus(401)
    response.assertBody({ error: 'Invalid or expired code' })
  })

  test('an expired code is a 401', async ({ client }) => {
    const code = await codeFor(client, 'old@example.com')
    await db
      .from('pending_auth_codes')
      .where('code', code)
      .update({ expires_at: new Date(Date.now() - 1000) })
    const response = await client.post('/api/auth/exchange').json({ code }).withCsrfToken()
    response.assertStatus(401)
  })

  test('a code works once', async ({ client, assert }) => {
    const code = await codeFor(client, 'once@example.com')
    const first = await client.post('/api/auth/exchange').json({ code }).withCsrfToken()
    first.assertStatus(200)
    const second = await client.post('/api/auth/exchange').json({ code }).withCsrfToken()
    second.assertStatus(401)
    assert.lengthOf(await db.from('pending_auth_codes').where('code', code), 0)
  })

  test('the 11th exchange within 15 minutes is refused with 429', async ({ client, assert }) => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await client
        .post('/api/auth/exchange')
        .json({ code: 'b'.repeat(64) })
        .withCsrfToken()
      response.assertStatus(401)
    }
    const eleventh = await client
      .post('/api/auth/exchange')
      .json({ code: 'b'.repeat(64) })
      .withCsrfToken()
    eleventh.assertStatus(429)
    assert.properties(eleventh.body(), ['error'])
    assert.isAbove(Number(eleventh.header('retry-after')!), 0)
  })

  test('an exchange without the CSRF token is refused', async ({ client }) => {
    const response = await client.post('/api/auth/exchange').json({ code: 'c'.repeat(64) })
    response.assertStatus(403)
  })
})

test.group('transfer session endpoints', (group) => {
  withSsoFakeAndTransactions(group, sso)

  test('GET /api/auth/me: 401 without a session, the user with one, never cached', async ({
    client,
    assert,
  }) => {
    const anonymous = await client.get('/api/auth/me')
    anonymous.assertStatus(401)
    assert.match(anonymous.header('cache-control')!, /no-store/)

    const { user, session } = await transferPerson('staff', 'sam@example.com')
    const signedIn = await client.get('/api/auth/me').withSession(session)
    signedIn.assertStatus(200)
    signedIn.assertBodyContains({
      userId: user.id,
      email: 'sam@example.com',
      displayName: 'sam',
      role: 'staff',
    })
    assert.match(signedIn.header('cache-control')!, /no-store/)
  })

  test('GET /api/auth/me follows the users table: a new role shows, a removed person is signed out', async ({
    client,
  }) => {
    const { user, session } = await transferPerson('staff')
    user.role = 'admin'
    await user.save()
    const promoted = await client.get('/api/auth/me').withSession(session)
    promoted.assertBodyContains({ role: 'admin' })

    await user.delete()
    const removed = await client.get('/api/auth/me').withSession(session)
    removed.assertStatus(401)
    removed.assertBody({ error: 'Authentication required' })
  })

  test('POST /api/auth/logout ends the session and points at sso logout with the app root', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post('/api/auth/logout')
      .withSession({ userId: 'u-1', userRole: 'staff' })
      .withCsrfToken()
    response.assertStatus(200)
    const url = new URL(response.body().redirectUrl)
    assert.equal(`${url.origin}${url.pathname}`, `${sso.url}/logout`)
    assert.match(url.searchParams.get('redirect_to')!, /^http:\/\/127\.0\.0\.1:\d+\/$/)
    assert.isUndefined(response.session().userId)
  })
})

test.group('transfer requireAuth and requireAdmin', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a protected route without a session is 401 { error }', async ({ client }) => {
    const response = await client.get('/api/users')
    response.assertStatus(401)
    response.assertBody({ error: 'Authentication required' })
  })

  test('staff may list users but not create them (403)', async ({ client }) => {
    const { session: staff } = await transferPerson('staff')
    const list = await client.get('/api/users').withSession(staff)
    list.assertStatus(200)
    const create = await client
      .post('/api/users')
      .json({ email: 'new@example.com' })
      .withSession(staff)
      .withCsrfToken()
    create.assertStatus(403)
    create.assertBody({ error: 'Admin access required' })
  })

  test('an admin creates users; a duplicate email is 409; bad input is 422', async ({
    client,
    assert,
  }) => {
    const { session: admin } = await transferPerson('admin')
    const created = await client
      .post('/api/users')
      .json({ email: 'New.Person@example.com' })
      .withSession(admin)
      .withCsrfToken()
    created.assertStatus(201)
    assert.containsSubset(created.body(), {
      email: 'new.person@example.com',
      displayName: 'new.person',
      role: 'staff',
    })

    const duplicate = await client
      .post('/api/users')
      .json({ email: 'new.person@EXAMPLE.com' })
      .withSession(admin)
      .withCsrfToken()
    duplicate.assertStatus(409)

    const invalid = await client
      .post('/api/users')
      .json({ email: 'not-an-email', role: 'owner' })
      .withSession(admin)
      .withCsrfToken()
    invalid.assertStatus(422)
    assert.properties(invalid.body(), ['error', 'errors'])
  })

  test('admin without a session is 401', async ({ client }) => {
    const response = await client
      .post('/api/users')
      .json({ email: 'x@example.com' })
      .withCsrfToken()
    response.assertStatus(401)
  })
})
