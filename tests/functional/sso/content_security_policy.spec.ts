import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { AppProcess } from '#tests/helpers/app_process'
import { assertNoncedPage, directivesOf } from '#tests/helpers/content_security_policy'

test.group('sso Content-Security-Policy', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a page carries a fresh nonce on every script tag', async ({ client, assert }) => {
    const first = assertNoncedPage(assert, await client.get('/login'))
    const second = assertNoncedPage(assert, await client.get('/login'))
    assert.notEqual(first, second)
  })

  test('the sign-in form may lead on to a connected app, and only there', async ({
    client,
    assert,
  }) => {
    await new ConnectedAppRegistry().create('transfer', [
      'http://transfer.example.test:5000/auth/callback',
    ])
    const response = await client.get('/login')
    assert.deepEqual(directivesOf(response.header('content-security-policy')).get('form-action'), [
      `'self'`,
      'http://transfer.example.test:5000',
    ])
    const elsewhere = await client.get('/register')
    assert.deepEqual(directivesOf(elsewhere.header('content-security-policy')).get('form-action'), [
      `'self'`,
    ])
  })

  test('JSON answers and 404s carry the policy too, and no HSTS outside production', async ({
    client,
    assert,
  }) => {
    for (const path of ['/api/integration-guide', '/api/no-such-route', '/no-such-page']) {
      const response = await client.get(path)
      assert.deepEqual(
        directivesOf(response.header('content-security-policy')).get('frame-ancestors'),
        [`'none'`],
        path
      )
      assert.isUndefined(response.header('strict-transport-security'), path)
    }
  })
})

test.group('sso HSTS in production', (group) => {
  const server = new AppProcess('sso', 'hsts', { NODE_ENV: 'production' })
  group.setup(async () => {
    await server.prepare()
    await server.start()
    return () => server.cleanup()
  })

  test('every response carries Strict-Transport-Security', async ({ assert }) => {
    for (const path of ['/api/integration-guide', '/api/no-such-route', '/no-such-page']) {
      const response = await fetch(`${server.url}${path}`, {
        headers: { accept: path.startsWith('/api/') ? 'application/json' : 'text/html' },
      })
      assert.equal(response.headers.get('strict-transport-security'), 'max-age=15552000', path)
    }
  })
})
