import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import AppUser from '#models/schedule/app_user'
import { withEnv } from '#tests/helpers/test_env'

test.group('schedule development bypass', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('in development, a request without a session gets an admin session for DEV_BYPASS_EMAIL', async ({
    client,
    assert,
  }) => {
    await withEnv({ NODE_ENV: 'development', DEV_BYPASS_EMAIL: 'boss@example.com' }, async () => {
      const response = await client.get('/api/auth/me')
      response.assertBodyContains({
        authenticated: true,
        user: { email: 'boss@example.com', role: 'admin' },
      })
      const admin = await client.get('/api/admin/users').withSession(response.session())
      admin.assertStatus(200)
    })
    assert.isNotNull(await AppUser.findBy('email', 'boss@example.com'))
  })

  test('afterwards no bypass value is left for processes the test run starts', async ({
    assert,
  }) => {
    await withEnv({ NODE_ENV: 'development', DEV_BYPASS_EMAIL: 'boss@example.com' }, async () => {})
    assert.notProperty(process.env, 'DEV_BYPASS_EMAIL')
    assert.equal(process.env.NODE_ENV, 'test')
  })

  test('outside development the bypass does nothing', async ({ client }) => {
    await withEnv({ NODE_ENV: 'production', DEV_BYPASS_EMAIL: 'boss@example.com' }, async () => {
      const response = await client.get('/api/auth/me')
      response.assertBody({ authenticated: false })
    })
  })
})
