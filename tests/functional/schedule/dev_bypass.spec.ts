import { test } from '@japa/runner'
import env from '#start/env'
import testUtils from '@adonisjs/core/services/test_utils'
import AppUser from '#models/schedule/app_user'

/** Runs `callback` with these environment values, then puts the old ones back. */
async function withEnv(values: Record<string, string | undefined>, callback: () => Promise<void>) {
  const previous = Object.fromEntries(
    Object.keys(values).map((key) => [key, env.get(key as never)])
  )
  for (const [key, value] of Object.entries(values)) {
    env.set(key as never, value as never)
  }
  try {
    await callback()
  } finally {
    for (const [key, value] of Object.entries(previous)) {
      env.set(key as never, value as never)
    }
  }
}

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

  test('outside development the bypass does nothing', async ({ client }) => {
    await withEnv({ NODE_ENV: 'production', DEV_BYPASS_EMAIL: 'boss@example.com' }, async () => {
      const response = await client.get('/api/auth/me')
      response.assertBody({ authenticated: false })
    })
  })
})
