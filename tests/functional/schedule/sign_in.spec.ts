import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { SsoFake, TEST_API_KEY, withSsoFakeAndTransactions } from '#tests/helpers/sso_fake'
import { ScheduleUsers } from '#services/schedule/people/schedule_users'
import AppUser from '#models/schedule/app_user'
import { schedulePerson } from '#tests/helpers/schedule_people'
import { SignInBrowser } from '#tests/helpers/relying_party_sign_in'

const sso = new SsoFake()

/** A state of the form the app sends; the callback does not know which browser holds it. */
const STATE = 'x'.repeat(43)

/** A browser that started a sign-in and came back from sso with a code for `email`. */
async function signingIn(email: string, role: 'staff' | 'admin' = 'staff') {
  await new ScheduleUsers().create(email, role)
  const browser = new SignInBrowser('/login')
  const { state } = await browser.startSignIn()
  const code = await browser.returnFromSso(sso.tokenFor({ userId: 9, email }, state), state)
  return { browser, code, state }
}

test.group('schedule sign-in through sso', (group) => {
  withSsoFakeAndTransactions(group, sso)

  test('GET /login: a page that sets the session cookie first, then redirects with a new state; signed in, home', async ({
    client,
    assert,
  }) => {
    const browser = new SignInBrowser('/login')
    const first = await browser.startSignIn()
    assert.equal(first.response.status, 200)
    assert.isDefined(browser.cookie('schedule.sid'))
    const again = await browser.startSignIn()
    assert.equal(again.response.status, 302)
    for (const { authorizeUrl, state, response } of [first, again]) {
      assert.equal(`${authorizeUrl.origin}${authorizeUrl.pathname}`, `${sso.url}/authorize`)
      assert.equal(authorizeUrl.searchParams.get('client_id'), TEST_API_KEY)
      assert.match(
        authorizeUrl.searchParams.get('redirect_uri')!,
        /^http:\/\/localhost:\d+\/auth\/callback$/
      )
      assert.match(state, /^[\w-]{43}$/)
      assert.match(response.headers.get('cache-control')!, /no-store/)
    }
    assert.notEqual(again.state, first.state)

    const signedIn = await client
      .get('/login')
      .withSession({ userId: 'u-1', role: 'staff' })
      .redirects(0)
    signedIn.assertHeader('location', '/')
  })

  test('the callback maps missing, rejected and failed validation to auth_error', async ({
    client,
  }) => {
    const missing = await client.get('/auth/callback').redirects(0)
    missing.assertHeader('location', '/?auth_error=missing_token')

    const token = sso.tokenFor({ userId: 3, email: 'x@example.com' }, STATE)
    const stateless = await client.get('/auth/callback').qs({ token }).redirects(0)
    stateless.assertHeader('location', '/?auth_error=invalid_state')

    const rejected = await client
      .get('/auth/callback')
      .qs({ token: 'forged', state: STATE })
      .redirects(0)
    rejected.assertHeader('location', '/?auth_error=invalid_token')

    sso.failNextWith(502)
    const failed = await client.get('/auth/callback').qs({ token, state: STATE }).redirects(0)
    failed.assertHeader('location', '/?auth_error=server_error')
  })

  test('a person without an app_users record is denied', async ({ client }) => {
    const token = sso.tokenFor({ userId: 3, email: 'nobody@example.com' }, STATE)
    const response = await client.get('/auth/callback').qs({ token, state: STATE }).redirects(0)
    response.assertHeader('location', '/?auth_error=access_denied')
  })

  test('first sign-in links the record by email and follows the sso profile; no cookie is set', async ({
    client,
    assert,
  }) => {
    await new ScheduleUsers().create('jane.doe@example.com')
    const token = sso.tokenFor(
      {
        userId: 77,
        email: 'Jane.Doe@example.com',
        displayName: 'Jane D.',
        username: 'jane',
        avatar: 'https://cdn.example.com/jane.png',
      },
      STATE
    )
    const response = await client.get('/auth/callback').qs({ token, state: STATE }).redirects(0)
    assert.match(response.header('location')!, /^\/\?auth_code=[0-9a-f]{64}$/)
    assert.isUndefined(response.header('set-cookie')!)

    const user = await AppUser.findByOrFail('email', 'jane.doe@example.com')
    assert.equal(user.ssoUserId, 77)
    assert.equal(user.displayName, 'Jane D.')
    assert.equal(user.username, 'jane')
    assert.equal(user.avatarUrl, 'https://cdn.example.com/jane.png')
    assert.isNotNull(user.lastLoginAt)
  })

  test('a linked record is found by sso id even after the email changed at sso', async ({
    client,
    assert,
  }) => {
    const user = await new ScheduleUsers().create('old@example.com')
    user.ssoUserId = 55
    await user.save()
    const token = sso.tokenFor({ userId: 55, email: 'new@example.com' }, STATE)
    const response = await client.get('/auth/callback').qs({ token, state: STATE }).redirects(0)
    assert.match(response.header('location')!, /auth_code=/)
  })

  test('a record already linked to another sso account is not taken over by email', async ({
    client,
  }) => {
    const user = await new ScheduleUsers().create('shared@example.com')
    user.ssoUserId = 10
    await user.save()
    const token = sso.tokenFor({ userId: 11, email: 'shared@example.com' }, STATE)
    const response = await client.get('/auth/callback').qs({ token, state: STATE }).redirects(0)
    response.assertHeader('location', '/?auth_error=access_denied')
  })
})

test.group('schedule code exchange', (group) => {
  withSsoFakeAndTransactions(group, sso)

  test("the code of this browser's sign-in creates the session with the spec fields and the schedule.sid cookie", async ({
    assert,
  }) => {
    const { browser, code } = await signingIn('crew.chief@example.com', 'admin')
    const before = browser.cookie('schedule.sid')
    const response = await browser.request('POST', '/api/auth/exchange', { code })
    assert.equal(response.status, 200)
    assert.containsSubset(await response.json(), {
      success: true,
      user: {
        email: 'crew.chief@example.com',
        ssoUserId: 9,
        role: 'admin',
        displayName: 'crew.chief',
      },
    })
    const cookie = response.headers.getSetCookie().join('\n')
    assert.match(cookie, /schedule\.sid=/)
    assert.match(cookie, /Max-Age=2592000/)
    assert.match(cookie, /HttpOnly/)
    assert.match(cookie, /SameSite=Lax/)
    assert.notEqual(browser.cookie('schedule.sid'), before, 'a new session id')
    assert.containsSubset(await browser.json('GET', '/api/auth/me'), {
      body: { authenticated: true, user: { email: 'crew.chief@example.com', role: 'admin' } },
    })
  })

  test('any client without a CSRF token: missing code 400, unknown 401; expired and reused 401', async ({
    client,
    assert,
  }) => {
    const missing = await client.post('/api/auth/exchange').json({})
    missing.assertStatus(400)
    missing.assertBody({ message: 'Code is required' })

    const unknown = await client.post('/api/auth/exchange').json({ code: 'f'.repeat(64) })
    unknown.assertStatus(401)
    unknown.assertBody({ message: 'Invalid or expired code' })

    const expired = await signingIn('late@example.com')
    await db
      .from('pending_auth_codes')
      .where('code', expired.code)
      .update({ expires_at: new Date(Date.now() - 1) })
    assert.propertyVal(await expired.browser.exchange(expired.code), 'status', 401)

    const { browser, code } = await signingIn('twice@example.com')
    assert.propertyVal(await browser.exchange(code), 'status', 200)
    assert.deepEqual(await browser.exchange(code), {
      status: 401,
      body: { message: 'Invalid or expired code' },
    })
  })

  test('any client without a CSRF token: the 11th exchange from one IP within 15 minutes is 429 { message }', async ({
    client,
    assert,
  }) => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await client.post('/api/auth/exchange').json({ code: 'e'.repeat(64) })
      response.assertStatus(401)
    }
    const eleventh = await client.post('/api/auth/exchange').json({ code: 'e'.repeat(64) })
    eleventh.assertStatus(429)
    assert.properties(eleventh.body(), ['message'])
    assert.isAbove(Number(eleventh.header('retry-after')!), 0)
  })

  test('browser requests from another site or origin are refused with 403 { message }', async ({
    assert,
  }) => {
    const { browser, code } = await signingIn('far@example.com')
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', 'origin': 'http://localhost:5000' },
      { origin: 'https://attacker.example' },
    ]
    for (const headers of refused) {
      assert.deepEqual(await browser.exchange(code, headers), {
        status: 403,
        body: { message: 'Cross-site requests are not accepted here' },
      })
    }
    const sameOrigin = await browser.exchange(code, {
      'sec-fetch-site': 'same-origin',
      'origin': browser.baseUrl,
    })
    assert.equal(sameOrigin.status, 200)
  })
})

test.group('schedule sign-in is bound to the browser that started it', (group) => {
  withSsoFakeAndTransactions(group, sso)

  test("a link to the callback with an attacker's token signs no other browser in", async ({
    assert,
  }) => {
    await new ScheduleUsers().create('mallory@example.com', 'admin')
    const attacker = new SignInBrowser('/login')
    const { state } = await attacker.startSignIn()
    const token = sso.tokenFor({ userId: 66, email: 'mallory@example.com' }, state)

    const victim = new SignInBrowser('/login')
    await victim.startSignIn()
    const code = await victim.returnFromSso(token, state)
    assert.deepEqual(await victim.exchange(code), {
      status: 401,
      body: { message: 'Invalid or expired code' },
    })
    assert.deepPropertyVal(await victim.json('GET', '/api/auth/me'), 'body', {
      authenticated: false,
    })
  })

  test('a token from a leaked callback URL signs in once, and only beside its own state', async ({
    assert,
  }) => {
    await new ScheduleUsers().create('leaky@example.com', 'admin')
    const owner = new SignInBrowser('/login')
    const { state } = await owner.startSignIn()
    const token = sso.tokenFor({ userId: 31, email: 'leaky@example.com' }, state)

    const thief = new SignInBrowser('/login')
    const { state: thiefState } = await thief.startSignIn()
    const paired = await thief.request(
      'GET',
      `/auth/callback?${new URLSearchParams({ token, state: thiefState })}`
    )
    assert.equal(paired.headers.get('location'), '/?auth_error=invalid_state')

    assert.propertyVal(await owner.exchange(await owner.returnFromSso(token, state)), 'status', 200)

    for (const browser of [thief, owner]) {
      const replay = await browser.request(
        'GET',
        `/auth/callback?${new URLSearchParams({ token, state })}`
      )
      assert.equal(replay.headers.get('location'), '/?auth_error=invalid_state')
    }
    assert.deepPropertyVal(await thief.json('GET', '/api/auth/me'), 'body', {
      authenticated: false,
    })
    const me = await owner.json('GET', '/api/auth/me')
    assert.propertyVal(me.body, 'authenticated', true)
  })

  test("an attacker's code is refused in another browser and stays the attacker's", async ({
    assert,
  }) => {
    const { browser: attacker, code } = await signingIn('mallory@example.com')
    const victim = new SignInBrowser('/login')
    await victim.startSignIn()
    assert.propertyVal(await victim.exchange(code), 'status', 401)
    assert.deepPropertyVal(await victim.json('GET', '/api/auth/me'), 'body', {
      authenticated: false,
    })
    assert.propertyVal(await attacker.exchange(code), 'status', 200)
  })
})

test.group('schedule session endpoints and guards', (group) => {
  withSsoFakeAndTransactions(group, sso)

  test('GET /api/auth/me answers authenticated false or the user, never cached', async ({
    client,
    assert,
  }) => {
    const anonymous = await client.get('/api/auth/me')
    anonymous.assertStatus(200)
    anonymous.assertBody({ authenticated: false })
    assert.match(anonymous.header('cache-control')!, /no-store/)

    const { user, session } = await schedulePerson('staff')
    const signedIn = await client.get('/api/auth/me').withSession(session)
    signedIn.assertBodyContains({
      authenticated: true,
      user: { userId: user.id, email: user.email, role: 'staff' },
    })
  })

  test('GET /api/auth/me follows the database: a new role at once, a removed person signed out', async ({
    client,
    assert,
  }) => {
    const { user, session } = await schedulePerson('staff')
    user.merge({ role: 'admin', displayName: 'Crew Chief' })
    await user.save()
    const promoted = await client.get('/api/auth/me').withSession(session)
    promoted.assertBodyContains({
      authenticated: true,
      user: { userId: user.id, role: 'admin', displayName: 'Crew Chief' },
    })
    assert.equal(promoted.session().role, 'admin', 'the session follows')

    await user.delete()
    const removed = await client.get('/api/auth/me').withSession(session)
    removed.assertBody({ authenticated: false })
    assert.isUndefined(removed.session().userId, 'and is cleared')
  })

  test('GET /logout ends the session and redirects to sso logout with the app root', async ({
    client,
    assert,
  }) => {
    const response = await client
      .get('/logout')
      .withSession({ userId: 'u-9', role: 'staff' })
      .redirects(0)
    response.assertStatus(302)
    const location = new URL(response.header('location')!)
    assert.equal(`${location.origin}${location.pathname}`, `${sso.url}/logout`)
    assert.match(location.searchParams.get('redirect_to')!, /^http:\/\/localhost:\d+\/$/)
    assert.isUndefined(response.session().userId)
  })

  test('GET /account sends the person to their account at sso', async ({ client, assert }) => {
    const response = await client.get('/account').redirects(0)
    response.assertStatus(302)
    assert.equal(response.header('location'), `${sso.url}/profile`)
  })

  test('POST /api/auth/logout answers JSON with the sso logout URL', async ({ client, assert }) => {
    const response = await client
      .post('/api/auth/logout')
      .withSession({ userId: 'u-9', role: 'staff' })
      .withCsrfToken()
    response.assertStatus(200)
    assert.isTrue(response.body().success)
    assert.match(response.body().redirectUrl, /\/logout\?redirect_to=/)
    assert.isUndefined(response.session().userId)
  })

  test('admin routes: 401 signed out, 403 for staff, 201 and 409 for an admin', async ({
    client,
    assert,
  }) => {
    const out = await client.get('/api/admin/users')
    out.assertStatus(401)
    out.assertBody({ message: 'Not authenticated' })

    const staffPerson = await schedulePerson('staff')
    const staff = await client.get('/api/admin/users').withSession(staffPerson.session)
    staff.assertStatus(403)
    staff.assertBody({ message: 'Admin access required' })

    const { session: admin } = await schedulePerson('admin')
    const created = await client
      .post('/api/admin/users')
      .json({ email: 'Mary.Ann.Smith@example.com', role: 'staff' })
      .withSession(admin)
      .withCsrfToken()
    created.assertStatus(201)
    assert.containsSubset(created.body(), {
      email: 'mary.ann.smith@example.com',
      username: 'mary.ann.smith@example.com',
      displayName: 'Mary Ann Smith',
      ssoUserId: 0,
    })
    const duplicate = await client
      .post('/api/admin/users')
      .json({ email: 'mary.ann.smith@example.com', role: 'admin' })
      .withSession(admin)
      .withCsrfToken()
    duplicate.assertStatus(409)
    const list = await client.get('/api/admin/users').withSession(admin)
    assert.lengthOf(list.body(), 3)
  })
})
