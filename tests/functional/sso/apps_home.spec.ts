import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { PASSWORD, verifiedPerson } from '#tests/helpers/sso_people'
import { inertiaVisit } from '#tests/helpers/inertia_visits'

/*
 * sso's home page: a person who signs in at sso directly (no app waiting)
 * lands on the list of apps they can open, each linked to its home.
 */
test.group('sso home: the apps a person can open', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('signing in directly lands on the home page', async ({ client, assert }) => {
    const user = await verifiedPerson()
    const signedIn = await client
      .post('/login')
      .form({ email: user.email, password: PASSWORD })
      .withCsrfToken()
      .redirects(0)
    signedIn.assertHeader('location', '/')
    const page = await inertiaVisit(client, '/').loginAs(user)
    page.assertStatus(200)
    assert.equal(page.body().component, 'sso/home')
  })

  test('lists the enabled apps by name with their home address, and no keys', async ({
    client,
    assert,
  }) => {
    const registry = new ConnectedAppRegistry()
    const transfer = await registry.create('Transfer', [
      'https://files.example.com/auth/callback',
      'https://other.example.com/auth/callback',
    ])
    await registry.create('Schedule', ['http://localhost:3334/auth/callback'])
    const old = await registry.create('Old tool', ['https://old.example.com/auth/callback'])
    old.app.enabled = false
    await old.app.save()

    const user = await verifiedPerson()
    const page = await inertiaVisit(client, '/').loginAs(user)
    const { props } = page.body()
    assert.deepEqual(props.apps, [
      { id: props.apps[0].id, name: 'Schedule', homeUrl: 'http://localhost:3334/' },
      { id: transfer.app.id, name: 'Transfer', homeUrl: 'https://files.example.com/' },
    ])
    assert.notInclude(JSON.stringify(props), 'ak_')
    assert.equal(props.displayName, 'Pat Doe')
    assert.isFalse(props.isAdmin)
  })

  test('the profile has its own address', async ({ client, assert }) => {
    const user = await verifiedPerson()
    const page = await inertiaVisit(client, '/profile').loginAs(user)
    assert.equal(page.body().component, 'sso/account')
    assert.equal(page.body().props.profile.email, user.email)
  })
})
