import { test } from '@japa/runner'
import { appUrl } from '#config/app'
import testUtils from '@adonisjs/core/services/test_utils'
import ConnectedApp from '#models/sso/connected_app'
import AuditEvent from '#models/sso/audit_event'
import { UserAccounts } from '#services/sso/user_accounts'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'

const CALLBACK = 'https://transfer.example.com/auth/callback'
const BROWSER = 'Mozilla/5.0 (admin test)'

async function admin() {
  return new UserAccounts().create({
    email: 'admin@example.com',
    password: 'a long admin password',
    isAdmin: true,
  })
}

test.group('sso admin: connected apps', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('creating an app shows its secretKey once; only a hash is stored and it works', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const created = await client
      .post('/api/admin/apps')
      .json({ name: ' transfer ', redirectUris: [CALLBACK, 'http://localhost:5000/auth/callback'] })
      .header('user-agent', BROWSER)
      .withCsrfToken()
      .loginAs(user)
    created.assertStatus(201)
    created.assertHeader('cache-control', 'no-store')
    const { app, secretKey } = created.body()
    assert.match(app.apiKey, /^ak_/)
    assert.match(secretKey, /^sk_/)
    assert.equal(app.name, 'transfer')

    const stored = await ConnectedApp.findByOrFail('api_key', app.apiKey)
    assert.deepEqual(stored.redirectUris, [CALLBACK, 'http://localhost:5000/auth/callback'])
    assert.notEqual(stored.secretKeyHash, secretKey)
    assert.isTrue(new ConnectedAppRegistry().secretMatches(stored, secretKey))

    const listed = await client.get('/api/admin/apps').loginAs(user)
    listed.assertStatus(200)
    assert.deepEqual(
      listed.body().apps.map((entry: { apiKey: string }) => entry.apiKey),
      [app.apiKey]
    )
    assert.notInclude(listed.text(), secretKey)
    assert.notInclude(listed.text(), stored.secretKeyHash)

    const event = await AuditEvent.query().where('event', 'app_created').firstOrFail()
    assert.equal(event.actorId, user.id)
    assert.equal(event.userAgent, BROWSER)
    assert.isString(event.ip)
    assert.equal(event.details.apiKey, app.apiKey)
    assert.notInclude(JSON.stringify(event.details), secretKey)
  })

  test('rotating the secret: the old one fails at once, the new one works', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const registry = new ConnectedAppRegistry()
    const { app, secretKey: old } = await registry.create('transfer', [CALLBACK])
    const response = await client
      .post(`/api/admin/apps/${app.id}/rotate-secret`)
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(200)
    response.assertHeader('cache-control', 'no-store')
    const fresh = response.body().secretKey
    assert.match(fresh, /^sk_/)

    const stored = await ConnectedApp.findOrFail(app.id)
    assert.isFalse(registry.secretMatches(stored, old))
    assert.isTrue(registry.secretMatches(stored, fresh))
    assert.equal(stored.apiKey, app.apiKey)
    const event = await AuditEvent.query().where('event', 'app_secret_rotated').firstOrFail()
    assert.equal(event.actorId, user.id)
  })

  test('invalid redirect URIs are refused with 422 and nothing is stored', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const invalid = [
      '/auth/callback',
      'transfer.example.com/auth/callback',
      `${CALLBACK}#fragment`,
      'https://pat:secret@transfer.example.com/auth/callback',
      'https://pat@transfer.example.com/auth/callback',
      'ftp://transfer.example.com/auth/callback',
      'javascript:alert(1)',
      'http://transfer.example.com/auth/callback',
      'https://transfer.example.com/auth/call back',
    ]
    for (const uri of invalid) {
      const response = await client
        .post('/api/admin/apps')
        .json({ name: 'bad', redirectUris: [uri] })
        .withCsrfToken()
        .loginAs(user)
      assert.equal(response.status(), 422, uri)
      assert.equal(response.body().errors[0].field, 'redirectUris.0', uri)
    }
    for (const body of [
      { name: 'none', redirectUris: [] },
      { name: '', redirectUris: [CALLBACK] },
      { name: 'twice', redirectUris: [CALLBACK, CALLBACK] },
      { name: 'not a list', redirectUris: CALLBACK },
    ]) {
      const response = await client.post('/api/admin/apps').json(body).withCsrfToken().loginAs(user)
      response.assertStatus(422)
    }
    assert.isNull(await ConnectedApp.query().first())
  })

  test('editing the name and redirect URIs; the new URI is matched exactly at /authorize', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const { app } = await new ConnectedAppRegistry().create('transfer', [CALLBACK])
    const next = 'https://files.example.com/auth/callback'
    const response = await client
      .patch(`/api/admin/apps/${app.id}`)
      .json({ name: 'files', redirectUris: [next] })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(200)
    assert.equal(response.body().app.name, 'files')
    assert.deepEqual(response.body().app.redirectUris, [next])

    const refused = await client
      .patch(`/api/admin/apps/${app.id}`)
      .json({ redirectUris: ['https://files.example.com/cb#x'] })
      .withCsrfToken()
      .loginAs(user)
    refused.assertStatus(422)

    const oldUri = await client
      .get('/authorize')
      .qs({ client_id: app.apiKey, redirect_uri: CALLBACK })
      .redirects(0)
    oldUri.assertStatus(400)
    const newUri = await client
      .get('/authorize')
      .qs({ client_id: app.apiKey, redirect_uri: next })
      .redirects(0)
    newUri.assertStatus(302)

    const event = await AuditEvent.query().where('event', 'app_updated').firstOrFail()
    assert.deepEqual(event.details.changes, {
      name: { from: 'transfer', to: 'files' },
      redirectUris: { from: [CALLBACK], to: [next] },
    })
  })

  test('disabling stops sign-in through the app; enabling restores it', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const { app } = await new ConnectedAppRegistry().create('transfer', [CALLBACK])
    const disabled = await client
      .post(`/api/admin/apps/${app.id}/disable`)
      .withCsrfToken()
      .loginAs(user)
    assert.isFalse(disabled.body().app.enabled)
    const refused = await client
      .get('/authorize')
      .qs({ client_id: app.apiKey, redirect_uri: CALLBACK })
      .redirects(0)
    refused.assertStatus(400)

    const enabled = await client
      .post(`/api/admin/apps/${app.id}/enable`)
      .withCsrfToken()
      .loginAs(user)
    assert.isTrue(enabled.body().app.enabled)
    const accepted = await client
      .get('/authorize')
      .qs({ client_id: app.apiKey, redirect_uri: CALLBACK })
      .redirects(0)
    accepted.assertStatus(302)

    const events = await AuditEvent.query().whereIn('event', ['app_disabled', 'app_enabled'])
    assert.sameMembers(
      events.map((event) => event.event),
      ['app_disabled', 'app_enabled']
    )
  })

  test('deleting an app removes it and records who did it', async ({ client, assert }) => {
    const user = await admin()
    const { app } = await new ConnectedAppRegistry().create('transfer', [CALLBACK])
    const response = await client.delete(`/api/admin/apps/${app.id}`).withCsrfToken().loginAs(user)
    response.assertStatus(204)
    assert.isNull(await ConnectedApp.find(app.id))
    const event = await AuditEvent.query().where('event', 'app_deleted').firstOrFail()
    assert.equal(event.actorId, user.id)
    assert.equal(event.details.apiKey, app.apiKey)
  })

  test('the Connected apps page lists the apps without secrets', async ({ client, assert }) => {
    const user = await admin()
    const { app, secretKey } = await new ConnectedAppRegistry().create('transfer', [CALLBACK])
    const page = await client
      .get('/admin/apps')
      .header('x-inertia', 'true')
      .header('x-inertia-version', '1')
      .loginAs(user)
    page.assertStatus(200)
    assert.equal(page.body().component, 'sso/admin/apps')
    assert.equal(page.body().props.apps[0].apiKey, app.apiKey)
    assert.deepEqual(page.body().props.apps[0].redirectUris, [CALLBACK])
    assert.equal(page.body().props.signInAddress, appUrl)
    assert.notInclude(page.text(), secretKey)
  })
})
