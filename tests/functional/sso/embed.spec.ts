import { test } from '@japa/runner'
import { eachTestWithItsOwnKeys } from '#tests/helpers/sso_signing_keys'
import hash from '@adonisjs/core/services/hash'
import { DateTime } from 'luxon'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import User from '#models/sso/user'
import AuditEvent from '#models/sso/audit_event'
import { UserAccounts } from '#services/sso/user_accounts'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { IdentityTokenIssuer } from '#services/sso/identity_token_issuer'
import { EMBED_TOKEN_LIFETIME_SECONDS, EmbedTokens } from '#services/sso/embed_tokens'

const PASSWORD = 'correct horse battery'
const TRANSFER_URIS = [
  'http://transfer.example.test:5000/auth/callback',
  'http://transfer.example.test:5000/api/auth/callback',
  'https://files.example.test/auth/callback',
]

async function person(email = 'pat@example.com') {
  return new UserAccounts().create({
    email,
    password: PASSWORD,
    displayName: 'Pat Doe',
    emailVerified: true,
  })
}

async function transferApp() {
  return new ConnectedAppRegistry().create('transfer', TRANSFER_URIS)
}

/** The frame-ancestors directive of a Content-Security-Policy header. */
function frameAncestors(policy: string | undefined) {
  return policy
    ?.split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('frame-ancestors '))
}

test.group('sso POST /api/embed/token', (group) => {
  eachTestWithItsOwnKeys(group)

  test('trades apiKey, secretKey and userId for a short-lived embed token', async ({
    client,
    assert,
  }) => {
    const { app, secretKey } = await transferApp()
    const user = await person()
    const response = await client
      .post('/api/embed/token')
      .json({ apiKey: app.apiKey, secretKey, userId: user.id })
    response.assertStatus(200)
    assert.deepEqual(Object.keys(response.body()).sort(), ['expiresIn', 'token'])
    assert.equal(response.body().expiresIn, EMBED_TOKEN_LIFETIME_SECONDS)
    const token = response.body().token as string
    assert.equal(decodeProtectedHeader(token).typ, 'embed+jwt')
    const claims = decodeJwt(token)
    assert.equal(claims.sub, String(user.id))
    assert.equal(claims.azp, app.apiKey)
    assert.equal(claims.exp! - claims.iat!, EMBED_TOKEN_LIFETIME_SECONDS)
    assert.isUndefined(response.header('set-cookie'))
  })

  test('a wrong secretKey, an unknown apiKey or a disabled app get the same 401', async ({
    client,
  }) => {
    const { app, secretKey } = await transferApp()
    const other = await new ConnectedAppRegistry().create('schedule', [
      'http://schedule.example.test/auth/callback',
    ])
    const user = await person()
    const cases = [
      { apiKey: app.apiKey, secretKey: other.secretKey },
      { apiKey: app.apiKey, secretKey: `${secretKey}x` },
      { apiKey: app.apiKey, secretKey: 'sk_short' },
      { apiKey: 'ak_unknown', secretKey },
    ]
    for (const pair of cases) {
      const response = await client.post('/api/embed/token').json({ ...pair, userId: user.id })
      response.assertStatus(401)
      response.assertBody({ message: 'Invalid apiKey or secretKey' })
    }
    app.enabled = false
    await app.save()
    const disabled = await client
      .post('/api/embed/token')
      .json({ apiKey: app.apiKey, secretKey, userId: user.id })
    disabled.assertStatus(401)
  })

  test('an unknown, disabled or unverified person is 404', async ({ client }) => {
    const { app, secretKey } = await transferApp()
    const disabled = await person('gone@example.com')
    disabled.disabledAt = DateTime.now()
    await disabled.save()
    const unverified = await new UserAccounts().create({
      email: 'new@example.com',
      password: PASSWORD,
    })
    for (const userId of [999_999, disabled.id, unverified.id]) {
      const response = await client
        .post('/api/embed/token')
        .json({ apiKey: app.apiKey, secretKey, userId })
      response.assertStatus(404)
      response.assertBody({ message: 'Unknown or disabled user' })
    }
  })

  test('malformed input is 422', async ({ client, assert }) => {
    const { app, secretKey } = await transferApp()
    for (const body of [
      {},
      { apiKey: app.apiKey, secretKey },
      { apiKey: app.apiKey, secretKey, userId: 'pat' },
      { apiKey: app.apiKey, secretKey, userId: 1.5 },
      { apiKey: 42, secretKey, userId: 1 },
    ]) {
      const response = await client.post('/api/embed/token').json(body)
      response.assertStatus(422)
      assert.isString(response.body().message)
      assert.isArray(response.body().errors)
    }
  })

  test('is rate limited per IP', async ({ client }) => {
    const body = { apiKey: 'ak_unknown', secretKey: 'sk_unknown', userId: 1 }
    for (let i = 0; i < 120; i++) {
      const response = await client.post('/api/embed/token').json(body)
      response.assertStatus(401)
    }
    const limited = await client.post('/api/embed/token').json(body)
    limited.assertStatus(429)
    limited.assertBodyContains({ message: 'Too many requests, please try again later' })
  })
})

test.group('sso GET /embed', (group) => {
  eachTestWithItsOwnKeys(group)

  test('may be framed only by the registered origins of the app the token was issued to', async ({
    client,
    assert,
  }) => {
    const { app } = await transferApp()
    await new ConnectedAppRegistry().create('schedule', ['http://schedule.example.test/cb'])
    const user = await person()
    const { token } = await new EmbedTokens().issue(user.id, app.apiKey)

    const response = await client.get('/embed').qs({ token })
    response.assertStatus(200)
    assert.equal(
      frameAncestors(response.header('content-security-policy')),
      'frame-ancestors http://transfer.example.test:5000 https://files.example.test'
    )
    assert.isUndefined(response.header('x-frame-options'))
    assert.isUndefined(response.header('set-cookie'))
    assert.include(response.text(), 'sso/embed')

    const page = await client.get('/login')
    page.assertHeader('x-frame-options', 'DENY')
    assert.equal(frameAncestors(page.header('content-security-policy')), "frame-ancestors 'none'")
  })

  test('passes the section, the tabs switch, the origins and the profile to the page', async ({
    client,
    assert,
  }) => {
    const { app } = await transferApp()
    const user = await person()
    const { token } = await new EmbedTokens().issue(user.id, app.apiKey)
    const response = await client
      .get('/embed')
      .qs({ token, section: 'security', tabs: 'false' })
      .header('x-inertia', 'true')
      .header('x-inertia-version', '1')
    response.assertStatus(200)
    assert.equal(response.body().component, 'sso/embed')
    assert.containsSubset(response.body().props, {
      token,
      section: 'security',
      tabs: false,
      appName: 'transfer',
      allowedOrigins: ['http://transfer.example.test:5000', 'https://files.example.test'],
      profile: {
        email: 'pat@example.com',
        username: 'pat@example.com',
        displayName: 'Pat Doe',
        twoFactorEnabled: false,
      },
    })
    const defaults = await client
      .get('/embed')
      .qs({ token })
      .header('x-inertia', 'true')
      .header('x-inertia-version', '1')
    assert.containsSubset(defaults.body().props, { section: 'profile', tabs: true })
  })

  test('a missing, invalid, expired or identity token shows an error page nobody may frame', async ({
    client,
    assert,
  }) => {
    const { app } = await transferApp()
    const user = await person()
    const expired = await new EmbedTokens().issue(
      user.id,
      app.apiKey,
      new Date(Date.now() - 11 * 60 * 1000)
    )
    const tokens = [
      undefined,
      'not.a.jwt',
      expired.token,
      await new IdentityTokenIssuer().issue(user.id, app.apiKey),
    ]
    for (const token of tokens) {
      const response = await client
        .get('/embed')
        .qs(token ? { token } : {})
        .header('x-inertia', 'true')
        .header('x-inertia-version', '1')
      response.assertStatus(401)
      assert.equal(response.body().component, 'sso/embed_error')
      assert.isString(response.body().props.message)
      assert.equal(
        frameAncestors(response.header('content-security-policy')),
        "frame-ancestors 'none'"
      )
      response.assertHeader('x-frame-options', 'DENY')
    }
  })

  test('a token for a disabled app or person no longer opens the widget', async ({
    client,
    assert,
  }) => {
    const { app } = await transferApp()
    const user = await person()
    const { token } = await new EmbedTokens().issue(user.id, app.apiKey)
    user.disabledAt = DateTime.now()
    await user.save()
    const response = await client.get('/embed').qs({ token })
    response.assertStatus(401)
    assert.equal(
      frameAncestors(response.header('content-security-policy')),
      "frame-ancestors 'none'"
    )
  })
})

test.group('sso embed API (Bearer embed token)', (group) => {
  eachTestWithItsOwnKeys(group)

  async function opened() {
    const { app } = await transferApp()
    const user = await person()
    const { token } = await new EmbedTokens().issue(user.id, app.apiKey)
    return { app, user, token }
  }

  test('refuses calls without a token, with a bad one, or with an identity token', async ({
    client,
  }) => {
    const { app, user } = await opened()
    const identity = await new IdentityTokenIssuer().issue(user.id, app.apiKey)
    const headers = {
      'Embed token required': [undefined, identity, 'Basic abc', 'Bearer'],
      'Invalid embed token': ['Bearer not.a.jwt', `Bearer ${identity}`],
    }
    for (const [message, authorization] of Object.entries(headers).flatMap(([text, values]) =>
      values.map((value) => [text, value] as const)
    )) {
      const requests = [
        client.get('/api/embed/profile'),
        client.patch('/api/embed/profile').json({ name: 'x' }),
        client.post('/api/embed/password').json({ currentPassword: 'x', newPassword: 'y' }),
      ]
      for (const request of requests) {
        if (authorization) {
          request.header('authorization', authorization)
        }
        const response = await request
        response.assertStatus(401)
        response.assertBody({ message })
      }
    }
  })

  test('an expired token or a disabled person is refused', async ({ client }) => {
    const { app, user, token } = await opened()
    const expired = await new EmbedTokens().issue(
      user.id,
      app.apiKey,
      new Date(Date.now() - 11 * 60 * 1000)
    )
    const late = await client.get('/api/embed/profile').bearerToken(expired.token)
    late.assertStatus(401)
    late.assertBody({ message: 'Embed token expired' })

    user.disabledAt = DateTime.now()
    await user.save()
    const disabled = await client.get('/api/embed/profile').bearerToken(token)
    disabled.assertStatus(401)
  })

  test('reads and updates the profile, without cookies or CSRF', async ({ client, assert }) => {
    const { user, token } = await opened()
    const read = await client.get('/api/embed/profile').bearerToken(token)
    read.assertStatus(200)
    assert.containsSubset(read.body().profile, { email: 'pat@example.com', displayName: 'Pat Doe' })

    const update = await client
      .patch('/api/embed/profile')
      .bearerToken(token)
      .json({ name: 'Pat Q. Doe', displayName: 'Pat Q', username: 'patq' })
    update.assertStatus(200)
    assert.containsSubset(update.body(), {
      profile: { name: 'Pat Q. Doe', displayName: 'Pat Q', username: 'patq' },
      user: { id: user.id, name: 'Pat Q', displayName: 'Pat Q', username: 'patq' },
    })
    assert.isUndefined(update.header('set-cookie'))
    await user.refresh()
    assert.equal(user.displayName, 'Pat Q')
    const audit = await AuditEvent.query().where('event', 'profile_updated').firstOrFail()
    assert.equal(audit.userId, user.id)
  })

  test('a taken username is a 422 with the field', async ({ client, assert }) => {
    const { token } = await opened()
    await person('sam@example.com')
    const response = await client
      .patch('/api/embed/profile')
      .bearerToken(token)
      .json({ username: 'sam@example.com' })
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'username')
  })

  test('changes the password with the current one', async ({ client, assert }) => {
    const { user, token } = await opened()
    const wrong = await client
      .post('/api/embed/password')
      .bearerToken(token)
      .json({ currentPassword: 'not it', newPassword: 'a much better passphrase' })
    wrong.assertStatus(422)
    assert.equal(wrong.body().errors[0].field, 'currentPassword')

    const changed = await client
      .post('/api/embed/password')
      .bearerToken(token)
      .json({ currentPassword: PASSWORD, newPassword: 'a much better passphrase' })
    changed.assertStatus(200)
    changed.assertBody({ changed: true })
    const stored = await User.findOrFail(user.id)
    assert.isTrue(await hash.verify(stored.password, 'a much better passphrase'))
  })
})
