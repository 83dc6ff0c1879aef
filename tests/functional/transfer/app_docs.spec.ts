import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import { transferConfig } from '#config/transfer'
import { SETTING_DEFINITIONS, TransferSettings } from '#services/transfer/transfer_settings'

test.group('transfer GET /api/app-docs', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('public: name, version, limits, storage disk and configured features', async ({
    client,
    assert,
  }) => {
    await new TransferSettings().set('site_name', 'Acme Transfer')
    await new TransferSettings().set('email_verification_required', true)
    const response = await client.get('/api/app-docs')
    response.assertStatus(200)
    const docs = response.body()
    const pkg = JSON.parse(await readFile(app.makePath('package.json'), 'utf8'))
    assert.equal(docs.name, 'Acme Transfer')
    assert.equal(docs.version, pkg.version)
    assert.containsSubset(docs.limits, {
      maxUploadBytes: 50 * 1024 ** 3,
      authCodeLifetimeSeconds: 60,
      exchangeRateLimit: { requests: 10, window: '15 minutes' },
      sessionLifetimeDays: 30,
      sharePasswordHashCost: 10,
      generatedPasswordWords: 4,
      generatedPasswordWordListSize: 80,
      expiredCleanupIntervalMinutes: 60,
      transcodingJobsAtOnce: 1,
      themeVideoMaxBytes: 1024 ** 3,
    })
    assert.deepEqual(docs.storage, { disk: 'fs' })
    assert.deepEqual(docs.features, { mailTransport: 'outbox', emailVerificationRequired: true })
    assert.sameMembers(
      docs.settings.map((setting: { key: string }) => setting.key),
      Object.keys(SETTING_DEFINITIONS)
    )
    assert.properties(docs.settings[0], ['key', 'description', 'secret'])
  })

  test("lists the registered routes with the spec's access levels", async ({ client, assert }) => {
    const response = await client.get('/api/app-docs')
    const { routes, browserRoutes } = response.body()
    assert.includeDeepMembers(routes, [
      { method: 'GET', path: '/api/app-docs', access: 'public' },
      { method: 'POST', path: '/api/internal/heartbeat', access: 'public' },
      { method: 'POST', path: '/api/auth/exchange', access: 'public' },
      { method: 'GET', path: '/api/users', access: 'staff or admin' },
      { method: 'POST', path: '/api/users', access: 'admin' },
      { method: 'PATCH', path: '/api/users/:id', access: 'admin' },
      { method: 'DELETE', path: '/api/users/:id', access: 'admin' },
      { method: 'GET', path: '/api/settings', access: 'staff or admin' },
      { method: 'PUT', path: '/api/settings/:key', access: 'admin' },
      { method: 'GET', path: '/api/email-templates/:type', access: 'admin' },
      { method: 'PUT', path: '/api/email-templates/:type', access: 'admin' },
      { method: 'DELETE', path: '/api/email-templates/:type', access: 'admin' },
      { method: 'POST', path: '/api/notifications/test-email', access: 'admin' },
    ])
    assert.notInclude(
      routes.map((route: { method: string }) => route.method),
      'HEAD'
    )
    assert.includeDeepMembers(browserRoutes, [
      { method: 'GET', path: '/auth/callback', access: 'public' },
      { method: 'GET', path: '/admin/users', access: 'public' },
    ])
  })

  test('holds none of the configured secret values', async ({ client, assert }) => {
    await new TransferSettings().set('upload_alert_recipients', ['desk@example.com'])
    const response = await client.get('/api/app-docs')
    const body = JSON.stringify(response.body())
    const secrets = [
      process.env.APP_KEY,
      process.env.SESSION_SECRET,
      process.env.DATABASE_URL,
      process.env.SMTP_PASSWORD,
      transferConfig.s3.credentials.accessKeyId,
      transferConfig.s3.credentials.secretAccessKey,
    ].filter((value): value is string => Boolean(value))
    assert.isAtLeast(secrets.length, 3)
    for (const secret of secrets) {
      assert.notInclude(body, secret)
    }
    assert.notInclude(body, 'desk@example.com', 'setting values stay in the admin area')
  })
})

test.group('transfer POST /api/internal/heartbeat', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('answers { ok: true, time } to anyone', async ({ client, assert }) => {
    const response = await client.post('/api/internal/heartbeat').withCsrfToken()
    response.assertStatus(200)
    assert.isTrue(response.body().ok)
    assert.isFalse(Number.isNaN(Date.parse(response.body().time)))
  })

  test("keeps a visitor's session alive: the session and a fresh 30-day cookie come back", async ({
    client,
    assert,
  }) => {
    const response = await client
      .post('/api/internal/heartbeat')
      .withSession({ uploadOwnerKey: 'k-1' })
      .withCsrfToken()
    response.assertStatus(200)
    assert.equal(response.session().uploadOwnerKey, 'k-1')
    const cookie = String(response.header('set-cookie'))
    assert.match(cookie, /sessionId=/)
    assert.match(cookie, /Max-Age=2592000/)
  })

  test('like every POST, it needs the CSRF token', async ({ client }) => {
    const response = await client.post('/api/internal/heartbeat')
    response.assertStatus(403)
  })
})
