import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import AppUser from '#models/schedule/app_user'
import { schedulePerson } from '#tests/helpers/schedule_people'

const ADMIN_ROUTES = [
  ['get', '/api/admin/users'],
  ['post', '/api/admin/users'],
  ['patch', `/api/admin/users/${randomUUID()}`],
  ['delete', `/api/admin/users/${randomUUID()}`],
  ['get', '/api/auth/lookup-email?email=a@example.com'],
] as const

test.group('schedule /api/admin/users and /api/auth/lookup-email: access', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('staff: 403 on every route', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    for (const [method, url] of ADMIN_ROUTES) {
      const response = await client
        .request(url, method)
        .json({})
        .withSession(session)
        .withCsrfToken()
      assert.equal(response.status(), 403, `${method} ${url}`)
      assert.deepEqual(response.body(), { message: 'Admin access required' })
    }
  })
})

test.group('schedule /api/admin/users', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET lists everyone with the AppUser fields', async ({ client, assert }) => {
    const { session, user } = await schedulePerson('admin')
    const staff = await schedulePerson('staff')
    const response = await client.get('/api/admin/users').withSession(session)
    response.assertStatus(200)
    const body = response.body()
    assert.sameMembers(
      body.map((entry: { id: string }) => entry.id),
      [user.id, staff.user.id]
    )
    assert.properties(body[0], [
      'id',
      'email',
      'role',
      'ssoUserId',
      'displayName',
      'username',
      'avatarUrl',
      'lastLoginAt',
      'createdAt',
      'updatedAt',
    ])
  })

  test('POST adds a person not yet linked to sso, named after the email', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('admin')
    const response = await client
      .post('/api/admin/users')
      .json({ email: ' Jane.Doe@Example.com ', role: 'staff' })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(201)
    assert.containsSubset(response.body(), {
      email: 'jane.doe@example.com',
      role: 'staff',
      ssoUserId: 0,
      displayName: 'Jane Doe',
      username: 'jane.doe@example.com',
    })
    const stored = await AppUser.findByOrFail('email', 'jane.doe@example.com')
    assert.equal(stored.id, response.body().id)
  })

  test('POST: an existing email (any case) is 409, a bad body 422', async ({ client, assert }) => {
    const { session } = await schedulePerson('admin', 'boss@example.com')
    const taken = await client
      .post('/api/admin/users')
      .json({ email: 'BOSS@example.com', role: 'staff' })
      .withSession(session)
      .withCsrfToken()
    taken.assertStatus(409)
    assert.deepEqual(taken.body(), { message: 'A user with this email already exists' })

    const invalid = await client
      .post('/api/admin/users')
      .json({ email: 'nope', role: 'owner' })
      .withSession(session)
      .withCsrfToken()
    invalid.assertStatus(422)
    assert.sameMembers(
      invalid.body().errors.map((error: { field: string }) => error.field),
      ['email', 'role']
    )
  })

  test('PATCH changes role and display name', async ({ client, assert }) => {
    const { session } = await schedulePerson('admin')
    const { user } = await schedulePerson('staff')
    const response = await client
      .patch(`/api/admin/users/${user.id}`)
      .json({ role: 'admin', displayName: '  Sam Stage  ' })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.containsSubset(response.body(), { id: user.id, role: 'admin', displayName: 'Sam Stage' })
    await user.refresh()
    assert.equal(user.role, 'admin')
    assert.equal(user.displayName, 'Sam Stage')
  })

  test('PATCH: unknown person 404, an overlong name 422', async ({ client, assert }) => {
    const { session, user } = await schedulePerson('admin')
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const response = await client
        .patch(`/api/admin/users/${id}`)
        .json({ role: 'staff' })
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(404)
      assert.deepEqual(response.body(), { message: 'User not found' })
    }
    const overlong = await client
      .patch(`/api/admin/users/${user.id}`)
      .json({ displayName: 'x'.repeat(201) })
      .withSession(session)
      .withCsrfToken()
    overlong.assertStatus(422)
    assert.equal(overlong.body().errors[0].field, 'displayName')
  })

  test('PATCH: making the last admin staff is 409; with a second admin it is allowed', async ({
    client,
    assert,
  }) => {
    const { session, user } = await schedulePerson('admin')
    const alone = await client
      .patch(`/api/admin/users/${user.id}`)
      .json({ role: 'staff' })
      .withSession(session)
      .withCsrfToken()
    alone.assertStatus(409)
    assert.match(alone.body().message, /at least one admin/)
    await user.refresh()
    assert.equal(user.role, 'admin')

    await schedulePerson('admin')
    const shared = await client
      .patch(`/api/admin/users/${user.id}`)
      .json({ role: 'staff' })
      .withSession(session)
      .withCsrfToken()
    shared.assertStatus(200)
    assert.equal(shared.body().role, 'staff')
  })

  test('DELETE removes the person, who loses access at once', async ({ client, assert }) => {
    const { session } = await schedulePerson('admin')
    const staff = await schedulePerson('staff')
    const response = await client
      .delete(`/api/admin/users/${staff.user.id}`)
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.deepEqual(response.body(), { success: true })
    assert.isNull(await AppUser.find(staff.user.id))

    const after = await client.get('/api/share').withSession(staff.session)
    after.assertStatus(401)
  })

  test('DELETE: yourself 400, an unknown person 404', async ({ client, assert }) => {
    const { session, user } = await schedulePerson('admin')
    await schedulePerson('admin')
    const self = await client
      .delete(`/api/admin/users/${user.id}`)
      .withSession(session)
      .withCsrfToken()
    self.assertStatus(400)
    assert.deepEqual(self.body(), { message: 'You cannot delete yourself' })
    assert.isNotNull(await AppUser.find(user.id))

    const unknown = await client
      .delete(`/api/admin/users/${randomUUID()}`)
      .withSession(session)
      .withCsrfToken()
    unknown.assertStatus(404)
    assert.deepEqual(unknown.body(), { message: 'User not found' })
  })
})

test.group('schedule GET /api/auth/lookup-email', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('found and linked, found and not yet linked, not found', async ({ client, assert }) => {
    const { session } = await schedulePerson('admin')
    const linked = await schedulePerson('staff', 'linked@example.com')
    linked.user.ssoUserId = 42
    await linked.user.save()
    await schedulePerson('staff', 'waiting@example.com')

    const found = await client
      .get('/api/auth/lookup-email')
      .qs({ email: 'LINKED@example.com' })
      .withSession(session)
    found.assertStatus(200)
    assert.isTrue(found.body().found)
    assert.isTrue(found.body().alreadyRegistered)
    assert.containsSubset(found.body().user, { id: linked.user.id, ssoUserId: 42 })

    const waiting = await client
      .get('/api/auth/lookup-email')
      .qs({ email: 'waiting@example.com' })
      .withSession(session)
    assert.containsSubset(waiting.body(), { found: true, alreadyRegistered: false })

    const missing = await client
      .get('/api/auth/lookup-email')
      .qs({ email: 'nobody@example.com' })
      .withSession(session)
    assert.deepEqual(missing.body(), { found: false, alreadyRegistered: false })
  })

  test('a missing or malformed email is 422', async ({ client }) => {
    const { session } = await schedulePerson('admin')
    const missing = await client.get('/api/auth/lookup-email').withSession(session)
    missing.assertStatus(422)
    const malformed = await client
      .get('/api/auth/lookup-email')
      .qs({ email: 'x' })
      .withSession(session)
    malformed.assertStatus(422)
  })
})
