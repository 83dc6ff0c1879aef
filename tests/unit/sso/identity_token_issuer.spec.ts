import { test } from '@japa/runner'
import { eachTestWithItsOwnKeys } from '#tests/helpers/sso_signing_keys'
import db from '@adonisjs/lucid/services/db'
import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair } from 'jose'
import { appUrl } from '#config/app'
import SigningKey from '#models/sso/signing_key'
import AuditEvent from '#models/sso/audit_event'
import {
  IDENTITY_TOKEN_LIFETIME_SECONDS,
  IdentityTokenIssuer,
} from '#services/sso/identity_token_issuer'
import { RETIRED_KEY_RETENTION_MS, SigningKeys, signingKeys } from '#services/sso/signing_keys'
import { TERMINAL_ORIGIN } from '#services/sso/audit_log'

/** What verify answers for a good token of user 12 and ak_one: its claims, expiring at `exp`. */
function verifiedAs(token: string) {
  return { userId: 12, apiKey: 'ak_one', expiresAt: decodeJwt(token).exp! * 1000 }
}

function part(value: object) {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

test.group('IdentityTokenIssuer', (group) => {
  eachTestWithItsOwnKeys(group)

  test('issues a one-hour ES256 token naming its key, for one user and one apiKey', async ({
    assert,
  }) => {
    const token = await new IdentityTokenIssuer().issue(12, 'ak_one')
    const header = decodeProtectedHeader(token)
    const claims = decodeJwt(token)
    assert.equal(header.alg, 'ES256')
    assert.equal(header.typ, 'JWT')
    const key = await SigningKey.findByOrFail('kid', header.kid!)
    assert.isNull(key.retiredAt)
    assert.equal(claims.sub, '12')
    assert.equal(claims.aud, 'ak_one')
    assert.equal(claims.iss, appUrl)
    assert.equal(claims.exp! - claims.iat!, IDENTITY_TOKEN_LIFETIME_SECONDS)
    assert.isString(claims.jti)
  })

  test('the private key is stored encrypted, never as a plain JWK', async ({ assert }) => {
    await new IdentityTokenIssuer().issue(12, 'ak_one')
    const key = await SigningKey.query().whereNull('retired_at').firstOrFail()
    assert.notInclude(key.privateJwk, '"d"')
    assert.notProperty(key.publicJwk, 'd')
    assert.equal(key.publicJwk.kid, key.kid)
  })

  test('verifies only for the apiKey it was issued to', async ({ assert }) => {
    const issuer = new IdentityTokenIssuer()
    const token = await issuer.issue(12, 'ak_one')
    assert.deepEqual(await issuer.verify(token, 'ak_one'), verifiedAs(token))
    assert.deepEqual(await issuer.verify(token, 'ak_two'), { rejected: 'Invalid token' })
  })

  test('calls a token older than an hour expired', async ({ assert }) => {
    const issuer = new IdentityTokenIssuer()
    const token = await issuer.issue(12, 'ak_one', new Date(Date.now() - 3601 * 1000))
    assert.deepEqual(await issuer.verify(token, 'ak_one'), { rejected: 'Token expired' })
  })

  test('refuses a token issued in the future, beyond a small clock tolerance', async ({
    assert,
  }) => {
    const issuer = new IdentityTokenIssuer()
    const early = await issuer.issue(12, 'ak_one', new Date(Date.now() + 10 * 60 * 1000))
    assert.deepEqual(await issuer.verify(early, 'ak_one'), { rejected: 'Invalid token' })
    const skewed = await issuer.issue(12, 'ak_one', new Date(Date.now() + 10 * 1000))
    assert.deepEqual(await issuer.verify(skewed, 'ak_one'), verifiedAs(skewed))
  })

  test('refuses a token whose payload was altered', async ({ assert }) => {
    const issuer = new IdentityTokenIssuer()
    const token = await issuer.issue(12, 'ak_one')
    const [header, , signature] = token.split('.')
    const payload = part({ sub: '1', aud: 'ak_one', iss: appUrl, exp: 9999999999, iat: 1 })
    assert.deepEqual(await issuer.verify(`${header}.${payload}.${signature}`, 'ak_one'), {
      rejected: 'Invalid token',
    })
  })

  test('refuses alg none, HS256 (even keyed with the public key) and foreign keys', async ({
    assert,
  }) => {
    const issuer = new IdentityTokenIssuer()
    const genuine = await issuer.issue(12, 'ak_one')
    const { kid } = decodeProtectedHeader(genuine)
    const [, payload] = genuine.split('.')
    const { publicJwk } = await SigningKey.findByOrFail('kid', kid!)
    const foreign = await generateKeyPair('ES256')
    const claims = { sub: '12', aud: 'ak_one', iss: appUrl }
    const sign = (key: Parameters<SignJWT['sign']>[0], header: Record<string, string>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', ...header })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key)

    const forged = [
      `${part({ alg: 'none', typ: 'JWT', kid })}.${payload}.`,
      await sign(new TextEncoder().encode(JSON.stringify(publicJwk)), { alg: 'HS256', kid: kid! }),
      await sign(new TextEncoder().encode('some shared secret'), { alg: 'HS256', kid: kid! }),
      await sign(foreign.privateKey, { kid: 'someone-elses-key' }),
      await sign(foreign.privateKey, { kid: kid! }),
      await sign(foreign.privateKey, {}),
      'not.a.jwt',
      '',
    ]
    for (const token of forged) {
      assert.deepEqual(await issuer.verify(token, 'ak_one'), { rejected: 'Invalid token' }, token)
    }
  })
})

test.group('SigningKeys rotation', (group) => {
  eachTestWithItsOwnKeys(group)

  test('after a rotation new tokens use the new key and older ones still validate', async ({
    assert,
  }) => {
    const issuer = new IdentityTokenIssuer()
    const before = await issuer.issue(12, 'ak_one')
    const oldKid = decodeProtectedHeader(before).kid!

    const { kid, retired } = await signingKeys.rotate(TERMINAL_ORIGIN)
    assert.deepEqual(retired, [oldKid])
    const after = await issuer.issue(12, 'ak_one')
    assert.equal(decodeProtectedHeader(after).kid, kid)
    assert.notEqual(kid, oldKid)

    assert.deepEqual(await issuer.verify(before, 'ak_one'), verifiedAs(before))
    assert.deepEqual(await issuer.verify(after, 'ak_one'), verifiedAs(after))
    const jwks = await signingKeys.jwks()
    assert.deepEqual(
      jwks.keys.map((key) => key.kid),
      [kid, oldKid]
    )
    const audit = await AuditEvent.findByOrFail('event', 'signing_key_rotated')
    assert.equal(audit.userAgent, TERMINAL_ORIGIN.userAgent)
    assert.deepEqual(audit.details, { kid, retired: [oldKid] })
  })

  test('pruning removes only keys retired longer than a token lifetime ago', async ({ assert }) => {
    const issuer = new IdentityTokenIssuer()
    const before = await issuer.issue(12, 'ak_one')
    const oldKid = decodeProtectedHeader(before).kid!
    await signingKeys.rotate(TERMINAL_ORIGIN)

    assert.deepEqual(await signingKeys.prune(), [])
    assert.isAbove(RETIRED_KEY_RETENTION_MS, IDENTITY_TOKEN_LIFETIME_SECONDS * 1000)

    await db
      .from('signing_keys')
      .where('kid', oldKid)
      .update({ retired_at: new Date(Date.now() - RETIRED_KEY_RETENTION_MS - 1000) })
    assert.deepEqual(await signingKeys.prune(), [oldKid])
    assert.deepEqual(await issuer.verify(before, 'ak_one'), { rejected: 'Invalid token' })
  })

  test('a key rotated by another instance is learnt from the database once, not per token', async ({
    assert,
  }) => {
    const here = new SigningKeys()
    const elsewhere = new SigningKeys()
    await elsewhere.signingKey()
    await here.reload()

    await elsewhere.rotate(TERMINAL_ORIGIN)
    const token = await signed(elsewhere)
    assert.property(await here.verify(token, expectations), 'payload')

    // Within the reload interval, an unknown kid is refused from memory.
    let reloads = 0
    const reload = here.reload.bind(here)
    here.reload = () => {
      reloads++
      return reload()
    }
    const spam = await signed(new SigningKeys(), 'made-up-kid')
    for (let i = 0; i < 20; i++) {
      assert.deepEqual(await here.verify(spam, expectations), { rejected: 'Invalid token' })
    }
    assert.equal(reloads, 0)
  })
})

const expectations = { typ: 'JWT', audience: 'ak_one', maxAgeSeconds: 3600 }

async function signed(keys: SigningKeys, kidOverride?: string) {
  const { kid, privateKey } = await keys.signingKey()
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: kidOverride ?? kid })
    .setIssuer(appUrl)
    .setSubject('12')
    .setAudience('ak_one')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey)
}
