import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ConnectedApp from '#models/sso/connected_app'
import AuditEvent from '#models/sso/audit_event'
import { ConnectedAppRegistry, redirectUriProblem } from '#services/sso/connected_app_registry'
import { serializer } from '#services/shared/serialize'
import ConnectedAppTransformer from '#transformers/sso/connected_app_transformer'
import { TERMINAL_ACTOR } from '#services/sso/admin_actor'

test.group('redirectUriProblem', () => {
  test('accepts absolute https URLs, and http on this machine only', ({ assert }) => {
    for (const uri of [
      'https://transfer.example.com/auth/callback',
      'https://transfer.example.com:8443/auth/callback?from=sso',
      'https://Transfer.Example.com/Auth/Callback',
      'https://transfer.example.com',
      'http://localhost:5000/auth/callback',
      'http://transfer.localhost:5000/auth/callback',
      'http://127.0.0.1:3334/auth/callback',
      'http://[::1]:3334/auth/callback',
    ]) {
      assert.isNull(redirectUriProblem(uri), uri)
    }
  })

  test('refuses relative URLs, other schemes, fragments, userinfo and plain http elsewhere', ({
    assert,
  }) => {
    for (const uri of [
      '/auth/callback',
      'auth/callback',
      '//transfer.example.com/auth/callback',
      'ftp://transfer.example.com/auth/callback',
      'javascript:alert(1)',
      'data:text/html,hi',
      'https:transfer.example.com/auth/callback',
      'https:///auth/callback',
      'https://transfer.example.com/auth/callback#done',
      'https://transfer.example.com/auth/callback#',
      'https://user@transfer.example.com/auth/callback',
      'https://user:secret@transfer.example.com/auth/callback',
      'https://good.example.com\\@evil.example.com/',
      'https://transfer.example.com/auth/callback ',
      ' https://transfer.example.com/auth/callback',
      'https://transfer.example.com/auth/\ncallback',
      'http://transfer.example.com/auth/callback',
      'http://localhost.evil.example/auth/callback',
      'http://127.0.0.1.evil.example/auth/callback',
      'HTTPS://transfer.example.com/auth/callback',
      '',
    ]) {
      assert.isString(redirectUriProblem(uri), JSON.stringify(uri))
    }
  })
})

test.group('ConnectedAppRegistry', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('create keeps only a hash of the sk_ secret and stores redirect URIs as given', async ({
    assert,
  }) => {
    const registry = new ConnectedAppRegistry()
    const uris = ['https://Transfer.example.com/auth/callback?x=1', 'http://localhost:5000/cb']
    const { app, secretKey } = await registry.create('transfer', uris)
    assert.match(app.apiKey, /^ak_[0-9a-f]{32}$/)
    assert.match(secretKey, /^sk_[0-9a-f]{64}$/)

    const stored = await ConnectedApp.findOrFail(app.id)
    assert.deepEqual(stored.redirectUris, uris)
    assert.notInclude(stored.secretKeyHash, secretKey)
    assert.isTrue(registry.secretMatches(stored, secretKey))
    assert.isFalse(registry.secretMatches(stored, `${secretKey}0`))
    const shown = await serializer.serialize(ConnectedAppTransformer.transform(stored))
    assert.notProperty(shown, 'secretKeyHash')
    assert.notInclude(JSON.stringify(shown), stored.secretKeyHash)
    assert.notInclude(JSON.stringify(stored.serialize()), stored.secretKeyHash)
  })

  test('rotating the secret invalidates the old one at once', async ({ assert }) => {
    const registry = new ConnectedAppRegistry()
    const { app, secretKey: old } = await registry.create('transfer', ['https://t.example/cb'])
    const fresh = await registry.rotateSecret(app, TERMINAL_ACTOR)
    const stored = await ConnectedApp.findOrFail(app.id)
    assert.notEqual(fresh, old)
    assert.isFalse(registry.secretMatches(stored, old))
    assert.isTrue(registry.secretMatches(stored, fresh))
    const event = await AuditEvent.query().where('event', 'app_secret_rotated').firstOrFail()
    assert.equal(event.details.apiKey, app.apiKey)
    assert.notInclude(JSON.stringify(event.details), fresh)
  })

  test('update records what changed; an unchanged app records nothing', async ({ assert }) => {
    const registry = new ConnectedAppRegistry()
    const { app } = await registry.create('transfer', ['https://t.example/cb'])
    await registry.update(
      app,
      { name: 'transfer', redirectUris: ['https://t.example/cb'] },
      TERMINAL_ACTOR
    )
    assert.isNull(await AuditEvent.query().where('event', 'app_updated').first())

    await registry.update(app, { redirectUris: ['https://t.example/callback'] }, TERMINAL_ACTOR)
    const event = await AuditEvent.query().where('event', 'app_updated').firstOrFail()
    assert.deepEqual(event.details.changes, {
      redirectUris: { from: ['https://t.example/cb'], to: ['https://t.example/callback'] },
    })
  })

  test('a disabled app is not found as enabled and its origin is not a sign-out target', async ({
    assert,
  }) => {
    const registry = new ConnectedAppRegistry()
    const { app } = await registry.create('transfer', ['https://t.example/cb'])
    assert.isTrue(await registry.isRegisteredOrigin('https://t.example/'))
    await registry.setEnabled(app, false, TERMINAL_ACTOR)
    assert.isNull(await registry.findEnabled(app.apiKey))
    assert.isNotNull(await registry.findByApiKey(app.apiKey))
    assert.isFalse(await registry.isRegisteredOrigin('https://t.example/'))
  })
})
