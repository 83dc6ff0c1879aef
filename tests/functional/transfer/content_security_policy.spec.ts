import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { assertNoncedPage, directivesOf } from '#tests/helpers/content_security_policy'

test.group('transfer Content-Security-Policy', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a page carries a fresh nonce on every script tag', async ({ client, assert }) => {
    const first = assertNoncedPage(assert, await client.get('/'))
    const second = assertNoncedPage(assert, await client.get('/'))
    assert.notEqual(first, second)
  })

  test('avatars may come from sso', async ({ client, assert }) => {
    const response = await client.get('/api/no-such-route')
    const images = directivesOf(response.header('content-security-policy')).get('img-src')
    assert.include(images, new URL(process.env.SSO_BASE_URL ?? 'http://localhost:3333').origin)
  })
})
