import { test } from '@japa/runner'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import {
  IDENTITY_TOKEN_LIFETIME_SECONDS,
  IdentityTokenIssuer,
} from '#services/sso/identity_token_issuer'

test.group('IdentityTokenIssuer', () => {
  test('issues a one-hour token for one user and one apiKey', async ({ assert }) => {
    const token = await new IdentityTokenIssuer().issue(12, 'ak_one')
    const claims = decodeJwt(token)
    assert.equal(decodeProtectedHeader(token).alg, 'HS256')
    assert.equal(claims.sub, '12')
    assert.equal(claims.aud, 'ak_one')
    assert.equal(claims.exp! - claims.iat!, IDENTITY_TOKEN_LIFETIME_SECONDS)
    assert.isString(claims.jti)
  })

  test('verifies only for the apiKey it was issued to', async ({ assert }) => {
    const issuer = new IdentityTokenIssuer()
    const token = await issuer.issue(12, 'ak_one')
    assert.deepEqual(await issuer.verify(token, 'ak_one'), { userId: 12, apiKey: 'ak_one' })
    assert.deepEqual(await issuer.verify(token, 'ak_two'), { rejected: 'Invalid token' })
  })

  test('calls a token older than an hour expired', async ({ assert }) => {
    const issuer = new IdentityTokenIssuer()
    const token = await issuer.issue(12, 'ak_one', new Date(Date.now() - 3601 * 1000))
    assert.deepEqual(await issuer.verify(token, 'ak_one'), { rejected: 'Token expired' })
  })

  test('refuses a token whose payload was altered', async ({ assert }) => {
    const issuer = new IdentityTokenIssuer()
    const token = await issuer.issue(12, 'ak_one')
    const [header, , signature] = token.split('.')
    const payload = Buffer.from(
      JSON.stringify({ sub: '1', aud: 'ak_one', exp: 9999999999, iat: 1 })
    ).toString('base64url')
    assert.deepEqual(await issuer.verify(`${header}.${payload}.${signature}`, 'ak_one'), {
      rejected: 'Invalid token',
    })
  })
})
