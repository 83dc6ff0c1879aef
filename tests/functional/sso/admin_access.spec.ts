import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserAccounts } from '#services/sso/user_accounts'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'

const PAGES = ['/admin', '/admin/people', '/admin/apps', '/admin/audit']

/** Every admin API route; `:person` and `:app` are filled in with real rows. */
const API: { method: 'get' | 'post' | 'patch' | 'delete'; path: string; body?: object }[] = [
  { method: 'get', path: '/api/admin/people' },
  { method: 'post', path: '/api/admin/people/:person/disable' },
  { method: 'post', path: '/api/admin/people/:person/enable' },
  { method: 'post', path: '/api/admin/people/:person/end-sessions' },
  { method: 'post', path: '/api/admin/people/:person/reset-totp' },
  { method: 'post', path: '/api/admin/people/:person/grant-admin' },
  { method: 'post', path: '/api/admin/people/:person/revoke-admin' },
  { method: 'get', path: '/api/admin/apps' },
  {
    method: 'post',
    path: '/api/admin/apps',
    body: { name: 'schedule', redirectUris: ['https://schedule.example.com/auth/callback'] },
  },
  { method: 'patch', path: '/api/admin/apps/:app', body: { name: 'renamed' } },
  { method: 'post', path: '/api/admin/apps/:app/rotate-secret' },
  { method: 'post', path: '/api/admin/apps/:app/disable' },
  { method: 'post', path: '/api/admin/apps/:app/enable' },
  { method: 'delete', path: '/api/admin/apps/:app' },
  { method: 'get', path: '/api/admin/audit' },
]

async function fixtures() {
  const accounts = new UserAccounts()
  const password = 'a long admin password'
  const admin = await accounts.create({ email: 'admin@example.com', password, isAdmin: true })
  const member = await accounts.create({ email: 'member@example.com', password })
  const target = await accounts.create({ email: 'target@example.com', password })
  const { app } = await new ConnectedAppRegistry().create('transfer', [
    'https://transfer.example.com/auth/callback',
  ])
  const fill = (path: string) =>
    path.replace(':person', String(target.id)).replace(':app', String(app.id))
  return { admin, member, fill }
}

test.group('sso admin dashboard: who may use it', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a signed-in person who is not an admin gets 403, and the page says why', async ({
    client,
    assert,
  }) => {
    const { member, fill } = await fixtures()
    for (const path of PAGES) {
      const response = await client.get(path).loginAs(member).redirects(0)
      assert.equal(response.status(), 403, path)
      assert.include(response.text(), 'This page is for administrators.', path)
    }
    for (const route of API) {
      const response = await client
        .request(fill(route.path), route.method.toUpperCase())
        .json(route.body ?? {})
        .withCsrfToken()
        .loginAs(member)
      assert.equal(response.status(), 403, `${route.method} ${route.path}`)
      assert.deepEqual(response.body(), { message: 'Admin access required' })
    }
  })

  test('an admin reaches every page and route', async ({ client, assert }) => {
    const { admin, fill } = await fixtures()
    const pages = {
      '/admin/people': 'sso/admin/people',
      '/admin/apps': 'sso/admin/apps',
      '/admin/audit': 'sso/admin/audit',
    }
    const home = await client.get('/admin').loginAs(admin).redirects(0)
    home.assertHeader('location', '/admin/people')
    for (const [path, component] of Object.entries(pages)) {
      const response = await client
        .get(path)
        .header('x-inertia', 'true')
        .header('x-inertia-version', '1')
        .loginAs(admin)
      response.assertStatus(200)
      assert.equal(response.body().component, component)
      assert.isTrue(response.body().props.isAdmin)
    }
    for (const route of API) {
      const response = await client
        .request(fill(route.path), route.method.toUpperCase())
        .json(route.body ?? {})
        .withCsrfToken()
        .loginAs(admin)
      assert.isBelow(response.status(), 300, `${route.method} ${route.path}: ${response.text()}`)
    }
  })

  test('state-changing routes need the CSRF token', async ({ client }) => {
    const { admin, fill } = await fixtures()
    const response = await client
      .post(fill('/api/admin/people/:person/disable'))
      .json({})
      .loginAs(admin)
    response.assertStatus(403)
  })

  test('unknown ids are 404 with a message', async ({ client }) => {
    const { admin } = await fixtures()
    for (const path of ['/api/admin/people/999999/disable', '/api/admin/apps/999999/disable']) {
      const response = await client.post(path).json({}).withCsrfToken().loginAs(admin)
      response.assertStatus(404)
    }
    const notNumeric = await client
      .post('/api/admin/apps/abc/disable')
      .json({})
      .withCsrfToken()
      .loginAs(admin)
    notNumeric.assertStatus(404)
  })
})
