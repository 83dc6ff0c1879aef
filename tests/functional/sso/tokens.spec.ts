import { test } from '@japa/runner'
import { eachTestWithItsOwnKeys } from '#tests/helpers/sso_signing_keys'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import ace from '@adonisjs/core/services/ace'
import { runCommand } from '#tests/helpers/ace_commands'
import { DateTime } from 'luxon'
import { SignJWT, decodeProtectedHeader, generateKeyPair } from 'jose'
import { appUrl } from '#config/app'
import { UserAccounts } from '#services/sso/user_accounts'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { IdentityTokenIssuer } from '#services/sso/identity_token_issuer'
import { EmbedTokens } from '#services/sso/embed_tokens'
import { RETIRED_KEY_RETENTION_MS, signingKeys } from '#services/sso/signing_keys'
import { TERMINAL_ORIGIN } from '#services/sso/audit_log'
import SigningKey from '#models/sso/signing_key'
import AuditEvent from '#models/sso/audit_event'

const TRANSFER_CALLBACK = 'http://transfer.example.test:5000/auth/callback'
const SCHEDULE_CALLBACK = 'http://schedule.example.test:3334/auth/callback'

async function person(overrides: { email?: string; verified?: boolean } = {}) {
  return new UserAccounts().create({
    email: overrides.email ?? 'pat@example.com',
    password: 'correct horse battery',
    displayName: 'Pat Doe',
    emailVerified: overrides.verified ?? true,
  })
}

function connectedApp(redirectUri = TRANSFER_CALLBACK) {
  return new ConnectedAppRegistry().create('transfer', [redirectUri])
}

function part(value: object) {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

test.group('sso POST /api/apps/validate-token', (group) => {
  eachTestWithItsOwnKeys(group)

  function validate(client: ApiClient, body: Record<string, unknown>) {
    return client.post('/api/apps/validate-token').json(body)
  }

  test('a fresh token validates for its app with the exact user object', async ({ client }) => {
    const { app } = await connectedApp()
    const user = await person()
    const token = await new IdentityTokenIssuer().issue(user.id, app.apiKey)
    const response = await validate(client, { token, apiKey: app.apiKey })
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

  test('missing fields are 401 { valid: false, message }', async ({ client }) => {
    const { app } = await connectedApp()
    const user = await person()
    const token = await new IdentityTokenIssuer().issue(user.id, app.apiKey)
    for (const body of [{}, { apiKey: app.apiKey }, { token }, { token: 42, apiKey: app.apiKey }]) {
      const response = await validate(client, body)
      response.assertStatus(401)
      response.assertBodyContains({ valid: false })
    }
    const missing = await validate(client, { apiKey: app.apiKey })
    missing.assertBody({ valid: false, message: 'Token is required' })
  })

  test("a token for one app is refused with another app's apiKey", async ({ client }) => {
    const { app } = await connectedApp()
    const other = await connectedApp(SCHEDULE_CALLBACK)
    const user = await person()
    const token = await new IdentityTokenIssuer().issue(user.id, app.apiKey)
    const response = await validate(client, { token, apiKey: other.app.apiKey })
    response.assertStatus(401)
    response.assertBody({ valid: false, message: 'Invalid token' })
  })

  test('forged, unsigned, HS256 and foreign-key tokens are refused', async ({ client, assert }) => {
    const { app } = await connectedApp()
    const user = await person()
    const genuine = await new IdentityTokenIssuer().issue(user.id, app.apiKey)
    const [header, payload, signature] = genuine.split('.')
    const { kid } = decodeProtectedHeader(genuine)
    const claims = { sub: String(user.id), aud: app.apiKey, iss: appUrl }
    const foreign = await generateKeyPair('ES256')
    const sign = (key: Parameters<SignJWT['sign']>[0], protectedHeader: Record<string, string>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', ...protectedHeader })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key)
    const otherUser = part({ ...claims, sub: '999', iat: 1, exp: 9999999999 })

    const cases = {
      'forged signature': `${header}.${payload}.${'A'.repeat(signature.length)}`,
      'altered payload': `${header}.${otherUser}.${signature}`,
      'alg none': `${part({ alg: 'none', typ: 'JWT', kid })}.${payload}.`,
      'HS256 with some secret': await sign(new TextEncoder().encode('some secret'), {
        alg: 'HS256',
        kid: kid!,
      }),
      'foreign kid': await sign(foreign.privateKey, { kid: 'not-one-of-ours' }),
      'foreign key under our kid': await sign(foreign.privateKey, { kid: kid! }),
      'not a JWT': 'not.a.jwt',
    }
    for (const [name, token] of Object.entries(cases)) {
      const response = await validate(client, { token, apiKey: app.apiKey })
      assert.equal(response.status(), 401, name)
      assert.deepEqual(response.body(), { valid: false, message: 'Invalid token' }, name)
    }
  })

  test('an expired token and a token not yet valid are refused', async ({ client }) => {
    const { app } = await connectedApp()
    const user = await person()
    const issuer = new IdentityTokenIssuer()
    const expired = await issuer.issue(user.id, app.apiKey, new Date(Date.now() - 3601 * 1000))
    const response = await validate(client, { token: expired, apiKey: app.apiKey })
    response.assertStatus(401)
    response.assertBody({ valid: false, message: 'Token expired' })

    const future = await issuer.issue(user.id, app.apiKey, new Date(Date.now() + 5 * 60 * 1000))
    const early = await validate(client, { token: future, apiKey: app.apiKey })
    early.assertStatus(401)
    early.assertBody({ valid: false, message: 'Invalid token' })
  })

  test('after a key rotation, tokens of the previous key still validate until pruned', async ({
    client,
    assert,
  }) => {
    const { app } = await connectedApp()
    const user = await person()
    const issuer = new IdentityTokenIssuer()
    const before = await issuer.issue(user.id, app.apiKey)
    const previousKid = decodeProtectedHeader(before).kid

    const { kid } = await signingKeys.rotate(TERMINAL_ORIGIN)
    const after = await issuer.issue(user.id, app.apiKey)
    assert.equal(decodeProtectedHeader(after).kid, kid)
    const previous = await validate(client, { token: before, apiKey: app.apiKey })
    previous.assertStatus(200)
    const current = await validate(client, { token: after, apiKey: app.apiKey })
    current.assertStatus(200)

    await db
      .from('signing_keys')
      .where('kid', previousKid!)
      .update({ retired_at: new Date(Date.now() - RETIRED_KEY_RETENTION_MS - 60_000) })
    assert.deepEqual(await signingKeys.prune(), [previousKid])
    const pruned = await validate(client, { token: before, apiKey: app.apiKey })
    pruned.assertStatus(401)
    pruned.assertBody({ valid: false, message: 'Invalid token' })
    const stillCurrent = await validate(client, { token: after, apiKey: app.apiKey })
    stillCurrent.assertStatus(200)
  })

  test('an embed token is not an identity token', async ({ client }) => {
    const { app } = await connectedApp()
    const user = await person()
    const { token } = await new EmbedTokens().issue(user.id, app.apiKey)
    const response = await validate(client, { token, apiKey: app.apiKey })
    response.assertStatus(401)
    response.assertBody({ valid: false, message: 'Invalid token' })
  })

  test('disabled apps, disabled people and unverified email addresses are refused', async ({
    client,
    assert,
  }) => {
    const issuer = new IdentityTokenIssuer()
    const { app } = await connectedApp()
    const user = await person()
    const token = await issuer.issue(user.id, app.apiKey)

    app.enabled = false
    await app.save()
    const disabledApp = await validate(client, { token, apiKey: app.apiKey })
    disabledApp.assertStatus(401)
    disabledApp.assertBody({ valid: false, message: 'Unknown or disabled application' })
    app.enabled = true
    await app.save()

    user.disabledAt = DateTime.now()
    await user.save()
    const disabledPerson = await validate(client, { token, apiKey: app.apiKey })
    disabledPerson.assertStatus(401)
    assert.isFalse(disabledPerson.body().valid)

    const unverified = await person({ email: 'new@example.com', verified: false })
    const unverifiedToken = await issuer.issue(unverified.id, app.apiKey)
    const refused = await validate(client, { token: unverifiedToken, apiKey: app.apiKey })
    refused.assertStatus(401)
    refused.assertBody({ valid: false, message: 'Email address not verified' })

    const unknownPerson = await issuer.issue(999_999, app.apiKey)
    const unknown = await validate(client, { token: unknownPerson, apiKey: app.apiKey })
    unknown.assertStatus(401)
  })
})

test.group('sso GET /.well-known/jwks.json', (group) => {
  eachTestWithItsOwnKeys(group)

  test('publishes the public halves of the current and retired keys', async ({
    client,
    assert,
  }) => {
    const first = decodeProtectedHeader(await new IdentityTokenIssuer().issue(1, 'ak_x')).kid
    const { kid } = await signingKeys.rotate(TERMINAL_ORIGIN)

    const response = await client.get('/.well-known/jwks.json')
    response.assertStatus(200)
    const keys = response.body().keys as Record<string, string>[]
    assert.equal(keys[0].kid, kid, 'the signing key comes first')
    assert.includeMembers(
      keys.map((key) => key.kid),
      [kid, first]
    )
    for (const key of keys) {
      assert.containsSubset(key, { kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' })
      assert.notProperty(key, 'd')
    }
  })
})

test.group('sso node ace sso:keys:rotate', (group) => {
  eachTestWithItsOwnKeys(group)
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  function rotate(argv: string[] = []) {
    return runCommand('sso:keys:rotate', argv)
  }

  test('rotates the key (audited), keeps the old one for its tokens and prunes expired ones', async ({
    client,
    assert,
  }) => {
    const { app } = await connectedApp()
    const user = await person()
    const before = await new IdentityTokenIssuer().issue(user.id, app.apiKey)
    const previousKid = decodeProtectedHeader(before).kid!

    const first = await rotate()
    assert.equal(first.exitCode, 0)
    const current = await SigningKey.query().whereNull('retired_at').firstOrFail()
    assert.include(first.output, `New signing key ${current.kid}`)
    assert.include(first.output, `Retired ${previousKid}`)
    const audit = await AuditEvent.query()
      .where('event', 'signing_key_rotated')
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(audit.userAgent, 'ace (terminal)')
    const stillValid = await client
      .post('/api/apps/validate-token')
      .json({ token: before, apiKey: app.apiKey })
    stillValid.assertStatus(200)

    await db
      .from('signing_keys')
      .where('kid', previousKid)
      .update({ retired_at: new Date(Date.now() - RETIRED_KEY_RETENTION_MS - 60_000) })
    const pruning = await rotate(['--prune-only'])
    assert.equal(pruning.exitCode, 0)
    assert.include(pruning.output, `Pruned ${previousKid}`)
    assert.isNull(await SigningKey.findBy('kid', previousKid))
    const unchanged = await SigningKey.query().whereNull('retired_at').firstOrFail()
    assert.equal(unchanged.kid, current.kid, '--prune-only does not rotate')
  })
})
