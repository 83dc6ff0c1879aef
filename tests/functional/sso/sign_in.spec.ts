import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import { linkIn } from '#tests/helpers/sso_people'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { decodeJwt } from 'jose'
import User from '#models/sso/user'
import { UserAccounts } from '#services/sso/user_accounts'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { IdentityTokenIssuer } from '#services/sso/identity_token_issuer'

const CALLBACK = 'http://transfer.example.test:5000/auth/callback'

async function person(email = 'pat@example.com', password = 'correct horse battery') {
  const user = await new UserAccounts().create({
    email,
    password,
    displayName: 'Pat Doe',
    emailVerified: true,
  })
  return { user, password }
}

async function connectedApp(redirectUri = CALLBACK) {
  return new ConnectedAppRegistry().create('transfer', [redirectUri])
}

test.group('sso sign-in page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /login renders the sign-in page', async ({ client, assert }) => {
    const response = await client
      .get('/login')
      .header('x-inertia', 'true')
      .header('x-inertia-version', '1')
    response.assertStatus(200)
    assert.equal(response.body().component, 'sso/sign_in')
  })

  test('passwords are stored as argon2id hashes', async ({ assert }) => {
    const { user } = await person()
    const stored = await User.findOrFail(user.id)
    assert.match(stored.password, /^\$argon2id\$/)
  })

  test('a wrong password and an unknown email get the same generic error', async ({
    client,
    assert,
  }) => {
    await person()
    for (const email of ['pat@example.com', 'nobody@example.com']) {
      const response = await client
        .post('/login')
        .form({ email, password: 'wrong password' })
        .withCsrfToken()
        .redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', '/login')
      assert.deepEqual(response.flashMessage('inputErrorsBag'), {
        email: ['Invalid email or password.'],
      })
    }
  })

  test('the right password (email in any case) signs in and lands on the apps page', async ({
    client,
    assert,
  }) => {
    const { password } = await person()
    const response = await client
      .post('/login')
      .form({ email: 'PAT@example.com', password })
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/')
    assert.property(response.session(), 'auth_web')
  })

  test('a disabled person cannot sign in', async ({ client, assert }) => {
    const { user, password } = await person()
    user.disabledAt = DateTime.now()
    await user.save()
    const response = await client
      .post('/login')
      .form({ email: user.email, password })
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/login')
    assert.notProperty(response.session(), 'auth_web')
  })

  test('the account page shows the signed-in person their name', async ({ client, assert }) => {
    const { user } = await person()
    const page = await client
      .get('/profile')
      .header('x-inertia', 'true')
      .header('x-inertia-version', '1')
      .loginAs(user)
    page.assertStatus(200)
    assert.equal(page.body().component, 'sso/account')
    assert.equal(page.body().props.profile.name, 'Pat Doe')
  })
})

test.group('sso GET /authorize', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('missing parameters and unknown apps get an error page, never a redirect', async ({
    client,
    assert,
  }) => {
    await connectedApp()
    const cases = [{}, { client_id: 'ak_unknown', redirect_uri: CALLBACK }]
    for (const qs of cases) {
      const response = await client.get('/authorize').qs(qs).redirects(0)
      response.assertStatus(400)
      assert.isUndefined(response.header('location')!)
      assert.include(response.text(), 'sso/authorize_error')
    }
  })

  test('a redirect_uri that is not exactly registered is refused', async ({ client, assert }) => {
    const { app } = await connectedApp()
    for (const redirectUri of [
      `${CALLBACK}/`,
      `${CALLBACK}?next=1`,
      'http://transfer.example.test:5000/auth/callback2',
      'http://evil.example.test/auth/callback',
      'HTTP://transfer.example.test:5000/auth/callback',
      'http://TRANSFER.example.test:5000/auth/callback',
      'http://transfer.example.test:5000/Auth/Callback',
      `${CALLBACK}#fragment`,
      'http://user@transfer.example.test:5000/auth/callback',
      'http://transfer.example.test:5000@evil.example.test/auth/callback',
      'http://transfer.example.test:5001/auth/callback',
      'http://transfer.example.test/auth/callback',
      'https://transfer.example.test:5000/auth/callback',
      'http://transfer.example.test:5000/auth/callback/../callback',
      'http://transfer.example.test:5000/auth/callback%2F',
    ]) {
      const response = await client
        .get('/authorize')
        .qs({ client_id: app.apiKey, redirect_uri: redirectUri })
        .redirects(0)
      response.assertStatus(400)
      assert.isUndefined(response.header('location')!)
    }
  })

  test('a disabled app is refused', async ({ client }) => {
    const { app } = await connectedApp()
    app.enabled = false
    await app.save()
    const response = await client
      .get('/authorize')
      .qs({ client_id: app.apiKey, redirect_uri: CALLBACK })
      .redirects(0)
    response.assertStatus(400)
  })

  test('a signed-out person is sent to sign in, then back to /authorize', async ({
    client,
    assert,
  }) => {
    const { app } = await connectedApp()
    const { password } = await person()
    const first = await client
      .get('/authorize')
      .qs({ client_id: app.apiKey, redirect_uri: CALLBACK, state: 'abc' })
      .redirects(0)
    first.assertHeader('location', '/login')

    const signIn = await client
      .post('/login')
      .form({ email: 'pat@example.com', password })
      .withSession(first.session())
      .withCsrfToken()
      .redirects(0)
    const back = new URL(signIn.header('location')!, 'http://sso.test')
    assert.equal(back.pathname, '/authorize')
    assert.equal(back.searchParams.get('client_id'), app.apiKey)
    assert.equal(back.searchParams.get('redirect_uri'), CALLBACK)
    assert.equal(back.searchParams.get('state'), 'abc')
  })

  test('a signed-in person goes straight back with a token and the app state, echoed exactly', async ({
    client,
    assert,
  }) => {
    const { app } = await connectedApp()
    const { user } = await person()
    const state = 'x y/+&=%é'
    const response = await client
      .get('/authorize')
      .qs({ client_id: app.apiKey, redirect_uri: CALLBACK, state })
      .loginAs(user)
      .redirects(0)
    response.assertStatus(302)
    const location = new URL(response.header('location')!)
    assert.equal(`${location.origin}${location.pathname}`, CALLBACK)
    assert.equal(location.searchParams.get('state'), state)
    assert.match(location.searchParams.get('token')!, /^[\w-]+\.[\w-]+\.[\w-]+$/)
    // The token is good only beside that state, and once (its jti).
    const claims = decodeJwt(location.searchParams.get('token')!)
    assert.equal(claims.state, state)
    assert.isString(claims.jti)

    const withoutState = await client
      .get('/authorize')
      .qs({ client_id: app.apiKey, redirect_uri: CALLBACK })
      .loginAs(user)
      .redirects(0)
    const madeUp = new URL(withoutState.header('location')!).searchParams
    assert.match(madeUp.get('state')!, /^[0-9a-f]{32}$/)
    assert.equal(decodeJwt(madeUp.get('token')!).state, madeUp.get('state'))
  })
})

test.group('sso POST /api/apps/validate-token', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a fresh token validates for its app with the exact user object', async ({ client }) => {
    const { app } = await connectedApp()
    const { user } = await person()
    const token = await new IdentityTokenIssuer().issue(user.id, app.apiKey)
    const response = await client
      .post('/api/apps/validate-token')
      .json({ token, apiKey: app.apiKey })
    response.assertStatus(200)
    response.assertBody({
      valid: true,
      user: {
        userId: user.id,
        id: user.id,
        email: 'pat@example.com',
        username: 'pat@example.com',
        name: 'Pat Doe',
        displayName: 'Pat Doe',
        picture: null,
        avatar: null,
      },
    })
  })

  test('tokens that are missing, forged, expired, for another app or unsigned are 401 { valid: false }', async ({
    client,
    assert,
  }) => {
    const { app } = await connectedApp()
    const other = await connectedApp('http://schedule.example.test/auth/callback')
    const { user } = await person()
    const issuer = new IdentityTokenIssuer()
    const fresh = await issuer.issue(user.id, app.apiKey)
    const [header, payload] = fresh.split('.')
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`

    const cases = [
      { token: undefined, apiKey: app.apiKey },
      { token: 'not.a.jwt', apiKey: app.apiKey },
      {
        token: await issuer.issue(user.id, app.apiKey, new Date(Date.now() - 61 * 60 * 1000)),
        apiKey: app.apiKey,
      },
      { token: fresh, apiKey: other.app.apiKey },
      { token: fresh, apiKey: 'ak_unknown' },
      { token: unsigned, apiKey: app.apiKey },
      { token: `${header}.${payload}.${'A'.repeat(43)}`, apiKey: app.apiKey },
    ]
    for (const body of cases) {
      const response = await client.post('/api/apps/validate-token').json(body)
      response.assertStatus(401)
      assert.isFalse(response.body().valid)
      assert.isString(response.body().message)
    }
  })

  test('a token of a disabled person is refused', async ({ client }) => {
    const { app } = await connectedApp()
    const { user } = await person()
    const token = await new IdentityTokenIssuer().issue(user.id, app.apiKey)
    user.disabledAt = DateTime.now()
    await user.save()
    const response = await client
      .post('/api/apps/validate-token')
      .json({ token, apiKey: app.apiKey })
    response.assertStatus(401)
  })
})

test.group('sso GET /logout', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('ends the session and returns to a registered app origin only', async ({
    client,
    assert,
  }) => {
    await connectedApp()
    const { user } = await person()

    const allowed = await client
      .get('/logout')
      .qs({ redirect_to: 'http://transfer.example.test:5000/' })
      .loginAs(user)
      .redirects(0)
    allowed.assertHeader('location', 'http://transfer.example.test:5000/')
    assert.notProperty(allowed.session(), 'auth_web')

    for (const target of [
      'https://evil.example.test/',
      'http://transfer.example.test:5001/',
      '//evil.test',
      'javascript:alert(1)',
    ]) {
      const refused = await client
        .get('/logout')
        .qs({ redirect_to: target })
        .loginAs(user)
        .redirects(0)
      refused.assertHeader('location', '/login')
    }
  })

  test('redirects to the address it parsed and checked, never the string it was given', async ({
    client,
  }) => {
    await connectedApp()
    const { user } = await person()
    const parsed = {
      'http://transfer.example.test:5000': 'http://transfer.example.test:5000/',
      'HTTP://TRANSFER.example.test:5000/a b?q=<"x">':
        'http://transfer.example.test:5000/a%20b?q=%3C%22x%22%3E',
    }
    for (const [given, sent] of Object.entries(parsed)) {
      const response = await client
        .get('/logout')
        .qs({ redirect_to: given })
        .loginAs(user)
        .redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', sent)
    }
    for (const target of [
      'https://evil.example\\@transfer.example.test:5000/',
      'http://transfer.example.test:5000\\@evil.example/',
      'http://transfer.example.test:5000/\\evil.example',
      '/\\evil.example',
      '//evil.example',
      'http://pat:secret@transfer.example.test:5000/',
      'http://transfer.example.test:5000/\r\nSet-Cookie: stolen=1',
      'http://transfer.example.test:5000/\tx',
      'javascript:alert(1)//http://transfer.example.test:5000/',
    ]) {
      const refused = await client
        .get('/logout')
        .qs({ redirect_to: target })
        .loginAs(user)
        .redirects(0)
      refused.assertStatus(302)
      refused.assertHeader('location', '/login')
    }
  })
})

test.group('sso /authorize for people who are not signed in yet', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => mail.restore())

  test('a person disabled after signing in gets no token', async ({ client, assert }) => {
    const { app } = await connectedApp()
    const { user } = await person()
    user.disabledAt = DateTime.now()
    await user.save()
    const response = await client
      .get('/authorize')
      .qs({ client_id: app.apiKey, redirect_uri: CALLBACK })
      .loginAs(user)
      .redirects(0)
    response.assertHeader('location', '/login')
    assert.notInclude(String(response.header('location')), 'token=')
  })

  test('registering from /authorize: confirm the address, sign in, and go on to the app', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const { app } = await connectedApp()
    const start = await client
      .get('/authorize')
      .qs({ client_id: app.apiKey, redirect_uri: CALLBACK, state: 'reg' })
      .redirects(0)
    const signInPage = await client
      .get('/login')
      .header('x-inertia', 'true')
      .header('x-inertia-version', '1')
      .withSession(start.session())
    assert.equal(signInPage.body().props.appName, 'transfer')

    const registered = await client
      .post('/register')
      .form({ email: 'newcomer@example.com', password: 'a long enough passphrase' })
      .withSession(start.session())
      .withCsrfToken()
      .redirects(0)
    const confirmed = await client
      .get(linkIn(mails, 'newcomer@example.com', 'Confirm your email address'))
      .withSession(registered.session())
      .redirects(0)
    const signedIn = await client
      .post('/login')
      .form({ email: 'newcomer@example.com', password: 'a long enough passphrase' })
      .withSession(confirmed.session())
      .withCsrfToken()
      .redirects(0)
    const back = signedIn.header('location')!
    assert.match(back, /^\/authorize\?/)
    const final = await client.get(back).withSession(signedIn.session()).redirects(0)
    const callback = new URL(final.header('location')!)
    assert.equal(`${callback.origin}${callback.pathname}`, CALLBACK)
    assert.equal(callback.searchParams.get('state'), 'reg')

    const validated = await client
      .post('/api/apps/validate-token')
      .json({ token: callback.searchParams.get('token'), apiKey: app.apiKey })
    validated.assertStatus(200)
    assert.equal(validated.body().user.email, 'newcomer@example.com')
  })
})
