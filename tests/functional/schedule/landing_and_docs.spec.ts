import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import {
  restoreBootstrapSecretAfterEach,
  setBootstrapSecret,
} from '#tests/helpers/bootstrap_secret'
import {
  ScheduleSettings,
  SETTING_DEFINITIONS,
} from '#services/schedule/settings/schedule_settings'

test.group('schedule GET /api/landing-settings', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('public: the three landing keys, and nothing else', async ({ client, assert }) => {
    await new ScheduleSettings().update({
      company_name: 'Acme Films',
      landing_message: 'Crew, sign in here.',
      default_calendar_mode: 'people',
      backup_secret: 'a-long-backup-secret-0123456789',
    })
    const response = await client.get('/api/landing-settings')
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      company_name: 'Acme Films',
      landing_title: 'Schedule',
      landing_message: 'Crew, sign in here.',
    })
    response.assertHeader('x-frame-options', 'DENY')
  })
})

test.group('schedule GET /api/app-docs', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => restoreBootstrapSecretAfterEach())

  test('public: name, version, limits and settings keys', async ({ client, assert }) => {
    await new ScheduleSettings().update({ company_name: 'Acme Films' })
    const response = await client.get('/api/app-docs')
    response.assertStatus(200)
    const docs = response.body()
    const pkg = JSON.parse(await readFile(app.makePath('package.json'), 'utf8'))
    assert.equal(docs.name, 'Acme Films')
    assert.equal(docs.app, 'schedule')
    assert.equal(docs.version, pkg.version)
    assert.containsSubset(docs.limits, {
      authCodeLifetimeSeconds: 60,
      exchangeRateLimit: { requests: 10, window: '15 minutes' },
      sessionLifetimeDays: 30,
      trashRetentionDays: 30,
      shareTokenBytes: 32,
    })
    assert.deepEqual(docs.trashTypes, ['projects', 'crew', 'vendors', 'locations'])
    assert.sameMembers(
      docs.settings.map((setting: { key: string }) => setting.key),
      Object.keys(SETTING_DEFINITIONS)
    )
  })

  test("lists the registered routes with their guards' access", async ({ client, assert }) => {
    const response = await client.get('/api/app-docs')
    const { routes, browserRoutes } = response.body()
    assert.includeDeepMembers(routes, [
      { method: 'GET', path: '/api/app-docs', access: 'public' },
      { method: 'GET', path: '/api/landing-settings', access: 'public' },
      { method: 'POST', path: '/api/admin/bootstrap', access: 'public' },
      { method: 'GET', path: '/api/share/:token', access: 'public' },
      { method: 'POST', path: '/api/auth/exchange', access: 'public' },
      { method: 'GET', path: '/api/admin/users', access: 'admin' },
      { method: 'PATCH', path: '/api/admin/users/:id', access: 'admin' },
      { method: 'GET', path: '/api/auth/lookup-email', access: 'admin' },
      { method: 'PATCH', path: '/api/admin/settings', access: 'admin' },
      { method: 'GET', path: '/api/trash/:type', access: 'staff or admin' },
      { method: 'POST', path: '/api/trash/:type/:id/restore', access: 'staff or admin' },
      { method: 'DELETE', path: '/api/trash/:type/:id', access: 'admin' },
      { method: 'POST', path: '/api/trash/cleanup', access: 'admin' },
      { method: 'POST', path: '/api/share', access: 'staff or admin' },
    ])
    assert.includeDeepMembers(browserRoutes, [
      { method: 'GET', path: '/auth/callback', access: 'public' },
    ])
  })

  test('holds none of the configured secret values', async ({ client, assert }) => {
    const bootstrapSecret = 'bootstrap-secret-for-tests-0123456789'
    const backupSecret = 'backup-secret-for-tests-0123456789'
    setBootstrapSecret(bootstrapSecret)
    await new ScheduleSettings().update({ backup_secret: backupSecret })

    const response = await client.get('/api/app-docs')
    response.assertStatus(200)
    const body = JSON.stringify(response.body())
    assert.isTrue(response.body().features.bootstrapSecretRequired)
    const secrets = [
      process.env.SESSION_SECRET,
      process.env.APP_KEY,
      process.env.SSO_API_KEY,
      process.env.DATABASE_URL,
      bootstrapSecret,
      backupSecret,
    ].filter((value): value is string => Boolean(value))
    assert.isAtLeast(secrets.length, 6)
    for (const secret of secrets) {
      assert.notInclude(body, secret)
    }
  })
})
