import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import {
  restoreBootstrapSecretAfterEach,
  setBootstrapSecret,
} from '#tests/helpers/bootstrap_secret'
import AppUser from '#models/schedule/app_user'
import { schedulePerson } from '#tests/helpers/schedule_people'

const SECRET = 'bootstrap-secret-for-tests-0123456789'

test.group('schedule POST /api/admin/bootstrap', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => restoreBootstrapSecretAfterEach())

  test('on an empty app, without BOOTSTRAP_SECRET: creates the first admin, linked to sso', async ({
    client,
    assert,
  }) => {
    setBootstrapSecret(undefined)
    const response = await client
      .post('/api/admin/bootstrap')
      .json({ ssoUserId: 7, email: 'First.Admin@Example.com' })
    response.assertStatus(201)
    assert.containsSubset(response.body(), {
      email: 'first.admin@example.com',
      role: 'admin',
      ssoUserId: 7,
      displayName: 'First Admin',
      username: 'first.admin@example.com',
    })
    const users = await AppUser.all()
    assert.lengthOf(users, 1)
    assert.equal(users[0].role, 'admin')
  })

  test('once anyone exists: 403 and nobody is added', async ({ client, assert }) => {
    setBootstrapSecret(undefined)
    await schedulePerson('staff')
    const response = await client
      .post('/api/admin/bootstrap')
      .json({ ssoUserId: 7, email: 'intruder@example.com' })
    response.assertStatus(403)
    assert.match(response.body().message, /already has users/)
    assert.lengthOf(await AppUser.all(), 1)
  })

  test('with BOOTSTRAP_SECRET: a missing or wrong header is 403, the right one creates', async ({
    client,
    assert,
  }) => {
    setBootstrapSecret(SECRET)
    const missing = await client
      .post('/api/admin/bootstrap')
      .json({ ssoUserId: 7, email: 'boss@example.com' })
    missing.assertStatus(403)
    assert.deepEqual(missing.body(), { message: 'A valid x-bootstrap-secret header is required' })

    for (const wrong of ['nope', `${SECRET}x`, SECRET.slice(0, -1)]) {
      const response = await client
        .post('/api/admin/bootstrap')
        .header('x-bootstrap-secret', wrong)
        .json({ ssoUserId: 7, email: 'boss@example.com' })
      response.assertStatus(403)
    }
    assert.lengthOf(await AppUser.all(), 0)

    const right = await client
      .post('/api/admin/bootstrap')
      .header('x-bootstrap-secret', SECRET)
      .json({ ssoUserId: 7, email: 'boss@example.com' })
    right.assertStatus(201)
    assert.equal(right.body().role, 'admin')
  })

  test('with BOOTSTRAP_SECRET and users: the right secret still cannot add a second admin', async ({
    client,
    assert,
  }) => {
    setBootstrapSecret(SECRET)
    await schedulePerson('admin')
    const response = await client
      .post('/api/admin/bootstrap')
      .header('x-bootstrap-secret', SECRET)
      .json({ ssoUserId: 8, email: 'second@example.com' })
    response.assertStatus(403)
    assert.isNull(await AppUser.findBy('email', 'second@example.com'))
  })

  test('a bad body is 422; no session or CSRF token is needed', async ({ client, assert }) => {
    setBootstrapSecret(undefined)
    const response = await client
      .post('/api/admin/bootstrap')
      .json({ ssoUserId: 'seven', email: 'not-an-email' })
    response.assertStatus(422)
    assert.sameMembers(
      response.body().errors.map((error: { field: string }) => error.field),
      ['ssoUserId', 'email']
    )
    assert.notInclude(String(response.header('set-cookie') ?? ''), 'schedule.sid')
  })
})
