import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { SsoFake, TEST_API_KEY, withSsoFakeAndTransactions } from '#tests/helpers/sso_fake'
import { TransferUsers } from '#services/transfer/transfer_users'
import User from '#models/transfer/user'
import { transferPerson } from '#tests/helpers/transfer_people'
import { SignInBrowser } from '#tests/helpers/relying_party_sign_in'

const sso = new SsoFake()
/** A state of the form the app sends; the callback does not know which browser holds it. */
const STATE = 'x'.repeat(43)

test.group('transfer sign-in through sso', (group) => {
  withSsoFakeAndTransactions(group, sso)

  test('GET /api/auth/login without a session cookie: a page that sets it and moves on to sso', async ({
    assert,
  }) => {
    const browser = new SignInBrowser('/api/auth/login')
    const { response, authorizeUrl, state } = await browser.startSignIn()
    assert.equal(response.status, 200)
    assert.match(response.headers.get('cache-control')!, /no-store/)
    assert.isDefined(browser.cookie('sessionId'))
    assert.equal(`${authorizeUrl.origin}${authorizeUrl.pathname}`, `${sso.url}/authorize`)
    assert.equal(authorizeUrl.searchParams.get('client_id'), TEST_API_KEY)
    assert.match(
      authorizeUrl.searchParams.get('redirect_uri')!,
      /^http:\/\/127\.0\.0\.1:\d+\/auth\/callback$/
    )
    assert.match(state, /^[\w-]{43}$/)
  })

  test('GET /api/auth/login with a session redirects to sso, with a new state every time', async ({
    assert,
  }) => {
    const browser = new SignInBrowser('/api/auth/login')
    const first = await browser.startSignIn()
    const second = await browser.startSignIn()
    assert.equal(second.response.status, 302)
    assert.match(second.response.headers.get('cache-control')!, /no-store/)
    assert.equal(second.authorizeUrl.searchParams.get('client_id'), TEST_API_KEY)
    assert.match(second.state, /^[\w-]{43}$/)
    assert.notEqual(second.state, first.state)
  })

  test('the callback without a token redirects with missing_token', async ({ client }) => {
    const response = await client.get('/auth/callback').redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/?auth_error=missing_token')
  })

  test('the callback without a state of ours redirects with invalid_state', async ({ client }) => {
    const token = sso.tokenFor({ userId: 7, email: 'kim@example.com' }, STATE)
    for (const query of [{ token }, { token, state: 'made-up-by-sso' }]) {
      const response = await client.get('/auth/callback').qs(query).redirects(0)
      response.assertHeader('location', '/?auth_error=invalid_state')
    }
  })

  test('the callback with a token sso rejects redirects with invalid_token', async ({ client }) => {
    const response = await client
      .get('/auth/callback')
      .qs({ token: 'forged', state: STATE })
      .redirects(0)
    response.assertHeader('location', '/?auth_error=invalid_token')
  })

  test('the callback when sso fails redirects with server_error', async ({ client }) => {
    sso.failNextWith(500)
    const token = sso.tokenFor({ userId: 7, email: 'kim@example.com' }, STATE)
    const response = await client.get('/auth/callback').qs({ token, state: STATE }).redirects(0)
    response.assertHeader('location', '/?auth_error=server_error')
  })

  test('a person sso knows but transfer does not gets no_access', async ({ client }) => {
    const token = sso.tokenFor({ userId: 7, email: 'stranger@example.com' }, STATE)
    const response = await client.get('/auth/callback').qs({ token, state: STATE }).redirects(0)
    response.assertHeader('location', '/?error=no_access')
  })

  test('a known person gets a one-time code, no cookie, and their sso id and name stored', async ({
    client,
    assert,
  }) => {
    await new TransferUsers().create('Kim.Lee@example.com', 'staff')
    for (const path of ['/auth/callback', '/api/auth/callback']) {
      const person = { userId: 42, email: 'kim.lee@EXAMPLE.com', displayName: 'Kim Lee' }
      const token = sso.tokenFor(person, STATE)
      const response = await client.get(path).qs({ token, state: STATE }).redirects(0)
      response.assertStatus(302)
      assert.match(response.header('location')!, /^\/admin\?auth_code=[0-9a-f]{64}$/)
      assert.isUndefined(response.header('set-cookie')!)
    }
    const user = await User.findByOrFail('email', 'kim.lee@example.com')
    assert.equal(user.ssoUserId, '42')
    assert.equal(user.displayName, 'Kim Lee')
  })
})

/** A browser that started a sign-in and came back from sso with a code for `email`. */
async function signingIn(email: string, role: 'staff' | 'admin' = 'staff') {
  await new TransferUsers().create(email, role)
  const browser = new SignInBrowser('/api/auth/login')
  const { state } = await browser.startSignIn()
  const code = await browser.returnFromSso(sso.tokenFor({ userId: 5, email }, state), state)
  return { browser, code, state }
}

test.group('transfer code exchange', (group) => {
  withSsoFakeAndTransactions(group, sso)

  test("the code of this browser's sign-in creates the session: 200 with the user and the sessionId cookie", async ({
    assert,
  }) => {
    const { browser, code } = await signingIn('ana@example.com', 'admin')
    const before = browser.cookie('sessionId')
    const response = await browser.request('POST', '/api/auth/exchange', { code })
    assert.equal(response.status, 200)
    assert.containsSubset(await response.json(), {
      email: 'ana@example.com',
      displayName: 'ana',
      avatar: null,
      role: 'admin',
    })
    const cookie = response.headers.getSetCookie().join('\n')
    assert.match(cookie, /sessionId=/)
    assert.match(cookie, /Max-Age=2592000/)
    assert.match(cookie, /HttpOnly/)
    assert.match(cookie, /SameSite=Lax/)
    assert.notEqual(browser.cookie('sessionId'), before, 'a new session id')
    const me = await browser.json('GET', '/api/auth/me')
    assert.containsSubset(me, { status: 200, body: { email: 'ana@example.com', role: 'admin' } })
  })

  test('any client without a CSRF token: 400 for a missing or non-string code', async ({
    client,
  }) => {
    const missing = await client.post('/api/auth/exchange').json({})
    missing.assertStatus(400)
    missing.assertBody({ error: 'Code is required' })
    const numeric = await client.post('/api/auth/exchange').json({ code: 12 })
    numeric.assertStatus(400)
    const inQueryOnly = await client.post('/api/auth/exchange').qs({ code: 'a'.repeat(64) })
    inQueryOnly.assertStatus(400)
  })

  test('any client without a CSRF token: 401 for an unknown code', async ({ client }) => {
    const response = await client.post('/api/auth/exchange').json({ code: 'a'.repeat(64) })
    response.assertStatus(401)
    response.assertBody({ error: 'Invalid or expired code' })
  })

  test('an expired code is a 401', async ({ assert }) => {
    const { browser, code } = await signingIn('old@example.com')
    await db
      .from('pending_auth_codes')
      .where('code', code)
      .update({ expires_at: new Date(Date.now() - 1000) })
    const response = await browser.exchange(code)
    assert.deepEqual(response, { status: 401, body: { error: 'Invalid or expired code' } })
  })

  test('a code works once', async ({ assert }) => {
    const { browser, code } = await signingIn('once@example.com')
    assert.propertyVal(await browser.exchange(code), 'status', 200)
    assert.propertyVal(await browser.exchange(code), 'status', 401)
    assert.lengthOf(await db.from('pending_auth_codes').where('code', code), 0)
  })

  test('any client without a CSRF token: the 11th exchange within 15 minutes is 429', async ({
    client,
    assert,
  }) => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await client.post('/api/auth/exchange').json({ code: 'b'.repeat(64) })
      response.assertStatus(401)
    }
    const eleventh = await client.post('/api/auth/exchange').json({ code: 'b'.repeat(64) })
    eleventh.assertStatus(429)
    assert.properties(eleventh.body(), ['error'])
    assert.isAbove(Number(eleventh.header('retry-after')!), 0)
  })

  test('browser requests from another site or origin are refused with 403 { error }', async ({
    assert,
  }) => {
    const { browser, code } = await signingIn('far@example.com')
    const own = browser.baseUrl
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', 'origin': 'http://localhost:3334' },
      { origin: 'https://attacker.example' },
      { origin: 'null' },
    ]
    for (const headers of refused) {
      assert.deepEqual(await browser.exchange(code, headers), {
        status: 403,
        body: { error: 'Cross-site requests are not accepted here' },
      })
    }
    const sameOrigin = await browser.exchange(code, {
      'sec-fetch-site': 'same-origin',
      'origin': own,
    })
    assert.equal(sameOrigin.status, 200)
  })
})

test.group('transfer sign-in is bound to the browser that started it', (group) => {
  withSsoFakeAndTransactions(group, sso)

  test("a link to the callback with an attacker's token signs no other browser in", async ({
    assert,
  }) => {
    await new TransferUsers().create('mallory@example.com', 'admin')
    const attacker = new SignInBrowser('/api/auth/login')
    const { state } = await attacker.startSignIn()
    const token = sso.tokenFor({ userId: 66, email: 'mallory@example.com' }, state)

    // The victim's browser is in the middle of its own sign-in, or has no session at all.
    const victim = new SignInBrowser('/api/auth/login')
    await victim.startSignIn()
    const code = await victim.returnFromSso(token, state)
    assert.deepEqual(await victim.exchange(code), {
      status: 401,
      body: { error: 'Invalid or expired code' },
    })
    assert.propertyVal(await victim.json('GET', '/api/auth/me'), 'status', 401)

    // The token has signed in once (in the victim's browser, uselessly): it never works again.
    const fresh = new SignInBrowser('/api/auth/login')
    const again = await fresh.request(
      'GET',
      `/auth/callback?${new URLSearchParams({ token, state })}`
    )
    assert.equal(again.headers.get('location'), '/?auth_error=invalid_state')
    assert.propertyVal(await fresh.json('GET', '/api/auth/me'), 'status', 401)
  })

  test("an attacker's code is refused in another browser and stays the attacker's", async ({
    assert,
  }) => {
    const { browser: attacker, code, state } = await signingIn('mallory@example.com')
    const victim = new SignInBrowser('/api/auth/login')
    await victim.startSignIn()
    assert.propertyVal(await victim.exchange(code), 'status', 401)
    // Naming the attacker's state in the request does not help: only the session counts.
    const named = await victim.jsonWith(
      'POST',
      `/api/auth/exchange?state=${state}`,
      { code, state },
      {}
    )
    assert.equal(named.status, 401)
    assert.propertyVal(await victim.json('GET', '/api/auth/me'), 'status', 401)

    assert.propertyVal(await attacker.exchange(code), 'status', 200)
  })

  test('a token from a leaked callback URL signs in once, and only beside its own state', async ({
    assert,
  }) => {
    await new TransferUsers().create('leaky@example.com', 'admin')
    const owner = new SignInBrowser('/api/auth/login')
    const { state } = await owner.startSignIn()
    const token = sso.tokenFor({ userId: 31, email: 'leaky@example.com' }, state)

    // Someone who read the callback URL pairs its token with a sign-in of their own.
    const thief = new SignInBrowser('/api/auth/login')
    const { state: thiefState } = await thief.startSignIn()
    const paired = await thief.request(
      'GET',
      `/auth/callback?${new URLSearchParams({ token, state: thiefState })}`
    )
    assert.equal(paired.headers.get('location'), '/?auth_error=invalid_state')

    assert.propertyVal(await owner.exchange(await owner.returnFromSso(token, state)), 'status', 200)

    // The same token again, in the thief's browser or the owner's: refused.
    for (const browser of [thief, owner]) {
      const replay = await browser.request(
        'GET',
        `/auth/callback?${new URLSearchParams({ token, state })}`
      )
      assert.equal(replay.headers.get('location'), '/?auth_error=invalid_state')
    }
    assert.propertyVal(await thief.json('GET', '/api/auth/me'), 'status', 401)
    assert.propertyVal(await owner.json('GET', '/api/auth/me'), 'status', 200)
  })

  test('a token presented twice at once gets one code', async ({ assert }) => {
    await new TransferUsers().create('twice@example.com')
    const browser = new SignInBrowser('/api/auth/login')
    const { state } = await browser.startSignIn()
    const token = sso.tokenFor({ userId: 32, email: 'twice@example.com' }, state)
    const codes = await Promise.all([
      browser.returnFromSso(token, state),
      browser.returnFromSso(token, state),
    ])
    assert.lengthOf(codes.filter(Boolean), 1)
  })

  test('sign-ins started in several tabs all finish; a state works once; the sixth forgets the oldest', async ({
    assert,
  }) => {
    await new TransferUsers().create('tabs@example.com')
    const browser = new SignInBrowser('/api/auth/login')
    const states: string[] = []
    for (let tab = 0; tab < 6; tab++) {
      const { state } = await browser.startSignIn()
      states.push(state)
    }
    const codeFor = (state: string) =>
      browser.returnFromSso(sso.tokenFor({ userId: 8, email: 'tabs@example.com' }, state), state)

    assert.propertyVal(await browser.exchange(await codeFor(states[0])), 'status', 401)
    assert.propertyVal(await browser.exchange(await codeFor(states[1])), 'status', 200)
    assert.propertyVal(await browser.exchange(await codeFor(states[5])), 'status', 200)
    assert.propertyVal(await browser.exchange(await codeFor(states[1])), 'status', 401)
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

  test('GET /account sends the person to their account at sso', async ({ client, assert }) => {
    const response = await client.get('/account').redirects(0)
    response.assertStatus(302)
    assert.equal(response.header('location'), `${sso.url}/profile`)
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
})
