import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
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

test.group('schedule development bypass: a page opening', (group) => {
  // Commits (no global transaction), so the requests really run at the same moment.
  group.each.teardown(async () => {
    await db.from('app_users').where('email', 'first.visit@example.com').delete()
  })

  test('the first requests, sent together, are all signed in as one new person', async ({
    client,
    assert,
  }) => {
    await withEnv(
      { NODE_ENV: 'development', DEV_BYPASS_EMAIL: 'first.visit@example.com' },
      async () => {
        const responses = await Promise.all(
          Array.from({ length: 10 }, () => client.get('/api/auth/me'))
        )
        for (const response of responses) {
          response.assertStatus(200)
          response.assertBodyContains({
            authenticated: true,
            user: { email: 'first.visit@example.com' },
          })
        }
      }
    )
    assert.lengthOf(await AppUser.query().where('email', 'first.visit@example.com'), 1)
  })
})
