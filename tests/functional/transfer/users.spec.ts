import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/transfer/user'
import { LastAdminError, TransferUsers } from '#services/transfer/transfer_users'
import { transferPerson } from '#tests/helpers/transfer_people'

const MISSING_ID = '00000000-0000-4000-8000-000000000000'

async function roleOf(id: string) {
  const user = await User.findOrFail(id)
  return user.role
}

test.group('transfer users: GET and POST /api/users', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('staff and admins see every user, oldest first, without legacy columns', async ({
    client,
    assert,
  }) => {
    const staff = await transferPerson('staff', 'sam@example.com')
    const admin = await transferPerson('admin', 'ana@example.com')
    // Two people made in the same millisecond tie on created_at (and are then
    // ordered by email); Ana joins a second later, as she would in real life.
    admin.user.createdAt = staff.user.createdAt.plus({ seconds: 1 })
    await admin.user.save()
    for (const caller of [staff, admin]) {
      const response = await client.get('/api/users').withSession(caller.session)
      response.assertStatus(200)
      assert.deepEqual(
        response.body().map((user: { email: string }) => user.email),
        ['sam@example.com', 'ana@example.com']
      )
      assert.properties(response.body()[0], ['id', 'email', 'displayName', 'role', 'createdAt'])
      assert.notProperty(response.body()[0], 'passwordHash')
    }
  })

  test('creating: 401 signed out, 403 for staff', async ({ client }) => {
    const signedOut = await client
      .post('/api/users')
      .json({ email: 'x@example.com' })
      .withCsrfToken()
    signedOut.assertStatus(401)
    signedOut.assertBody({ error: 'Authentication required' })

    const staff = await transferPerson('staff')
    const forbidden = await client
      .post('/api/users')
      .json({ email: 'x@example.com' })
      .withSession(staff.session)
      .withCsrfToken()
    forbidden.assertStatus(403)
    forbidden.assertBody({ error: 'Admin access required' })
  })

  test('an admin creates a user with a role; a duplicate email is 409 { error }', async ({
    client,
    assert,
  }) => {
    const admin = await transferPerson('admin')
    const created = await client
      .post('/api/users')
      .json({ email: 'Grip@Example.com', role: 'admin' })
      .withSession(admin.session)
      .withCsrfToken()
    created.assertStatus(201)
    assert.containsSubset(created.body(), {
      email: 'grip@example.com',
      displayName: 'grip',
      role: 'admin',
    })

    const duplicate = await client
      .post('/api/users')
      .json({ email: 'GRIP@example.com' })
      .withSession(admin.session)
      .withCsrfToken()
    duplicate.assertStatus(409)
    duplicate.assertBody({ error: 'A user with this email already exists' })
  })
})

test.group('transfer users: PATCH /api/users/:id', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('401 signed out, 403 for staff, and nothing changes', async ({ client, assert }) => {
    const target = await transferPerson('staff', 'target@example.com')
    const signedOut = await client
      .patch(`/api/users/${target.user.id}`)
      .json({ role: 'admin' })
      .withCsrfToken()
    signedOut.assertStatus(401)
    signedOut.assertBody({ error: 'Authentication required' })

    const staff = await transferPerson('staff')
    const forbidden = await client
      .patch(`/api/users/${target.user.id}`)
      .json({ role: 'admin' })
      .withSession(staff.session)
      .withCsrfToken()
    forbidden.assertStatus(403)
    assert.equal(await roleOf(target.user.id), 'staff')
  })

  test('an admin changes email, name and role and gets the updated user', async ({
    client,
    assert,
  }) => {
    const admin = await transferPerson('admin')
    const target = await transferPerson('staff', 'old@example.com')
    target.user.ssoUserId = '41'
    await target.user.save()
    const response = await client
      .patch(`/api/users/${target.user.id}`)
      .json({ email: ' New@Example.com ', displayName: '  Kim Lee ', role: 'admin' })
      .withSession(admin.session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      id: target.user.id,
      email: 'new@example.com',
      displayName: 'Kim Lee',
      role: 'admin',
    })
    const stored = await User.findOrFail(target.user.id)
    assert.equal(stored.email, 'new@example.com')
    assert.equal(stored.role, 'admin')
    assert.isNull(stored.ssoUserId, 'the new address links to its sso account at its first sign-in')
  })

  test('fields left out stay as they are', async ({ client, assert }) => {
    const admin = await transferPerson('admin')
    const target = await transferPerson('staff', 'keep@example.com')
    const response = await client
      .patch(`/api/users/${target.user.id}`)
      .json({ displayName: 'Keeper' })
      .withSession(admin.session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      email: 'keep@example.com',
      displayName: 'Keeper',
      role: 'staff',
    })
  })

  test('a user that does not exist is 404 { error }', async ({ client }) => {
    const admin = await transferPerson('admin')
    for (const id of [MISSING_ID, 'not-a-uuid']) {
      const response = await client
        .patch(`/api/users/${id}`)
        .json({ displayName: 'Nobody' })
        .withSession(admin.session)
        .withCsrfToken()
      response.assertStatus(404)
      response.assertBody({ error: 'User not found' })
    }
  })

  test("another user's email, in any case, is 409; keeping one's own email is fine", async ({
    client,
  }) => {
    const admin = await transferPerson('admin')
    await transferPerson('staff', 'taken@example.com')
    const target = await transferPerson('staff', 'mine@example.com')
    const taken = await client
      .patch(`/api/users/${target.user.id}`)
      .json({ email: 'TAKEN@example.com' })
      .withSession(admin.session)
      .withCsrfToken()
    taken.assertStatus(409)
    taken.assertBody({ error: 'A user with this email already exists' })

    const own = await client
      .patch(`/api/users/${target.user.id}`)
      .json({ email: 'Mine@example.com' })
      .withSession(admin.session)
      .withCsrfToken()
    own.assertStatus(200)
  })

  test('bad input is 422 with field errors', async ({ client, assert }) => {
    const admin = await transferPerson('admin')
    const target = await transferPerson('staff')
    const response = await client
      .patch(`/api/users/${target.user.id}`)
      .json({ email: 'not-an-email', displayName: 'x'.repeat(121), role: 'owner' })
      .withSession(admin.session)
      .withCsrfToken()
    response.assertStatus(422)
    assert.equal(response.body().error, 'Validation failed')
    assert.sameMembers(
      response.body().errors.map((error: { field: string }) => error.field),
      ['email', 'displayName', 'role']
    )
  })

  test('an admin cannot make themselves staff (400) but may rename themselves', async ({
    client,
    assert,
  }) => {
    const admin = await transferPerson('admin')
    await transferPerson('admin')
    const demote = await client
      .patch(`/api/users/${admin.user.id}`)
      .json({ role: 'staff' })
      .withSession(admin.session)
      .withCsrfToken()
    demote.assertStatus(400)
    demote.assertBody({ error: 'You cannot remove your own admin role' })
    assert.equal(await roleOf(admin.user.id), 'admin')

    const rename = await client
      .patch(`/api/users/${admin.user.id}`)
      .json({ displayName: 'The Boss' })
      .withSession(admin.session)
      .withCsrfToken()
    rename.assertStatus(200)
  })

  test('the last admin cannot be made staff or removed (the rule behind the API and commands)', async ({
    assert,
  }) => {
    const admin = await transferPerson('admin')
    const users = new TransferUsers()
    await assert.rejects(() => users.update(admin.user.id, { role: 'staff' }), LastAdminError)
    await assert.rejects(() => users.remove(admin.user.id), LastAdminError)
    assert.equal(await roleOf(admin.user.id), 'admin')

    await transferPerson('admin')
    await users.update(admin.user.id, { role: 'staff' })
    assert.equal(await roleOf(admin.user.id), 'staff')
  })
})

test.group('transfer users: DELETE /api/users/:id', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('401 signed out, 403 for staff', async ({ client, assert }) => {
    const target = await transferPerson('staff')
    const signedOut = await client.delete(`/api/users/${target.user.id}`).withCsrfToken()
    signedOut.assertStatus(401)
    signedOut.assertBody({ error: 'Authentication required' })

    const staff = await transferPerson('staff')
    const forbidden = await client
      .delete(`/api/users/${target.user.id}`)
      .withSession(staff.session)
      .withCsrfToken()
    forbidden.assertStatus(403)
    assert.isNotNull(await User.find(target.user.id))
  })

  test('an admin removes a user: { success: true }, and the row is gone', async ({
    client,
    assert,
  }) => {
    const admin = await transferPerson('admin')
    const target = await transferPerson('admin')
    const response = await client
      .delete(`/api/users/${target.user.id}`)
      .withSession(admin.session)
      .withCsrfToken()
    response.assertStatus(200)
    response.assertBody({ success: true })
    assert.isNull(await User.find(target.user.id))
  })

  test('a user that does not exist is 404 { error }', async ({ client }) => {
    const admin = await transferPerson('admin')
    const response = await client
      .delete(`/api/users/${MISSING_ID}`)
      .withSession(admin.session)
      .withCsrfToken()
    response.assertStatus(404)
    response.assertBody({ error: 'User not found' })
  })

  test('an admin cannot remove themselves (400)', async ({ client, assert }) => {
    const admin = await transferPerson('admin')
    await transferPerson('admin')
    const response = await client
      .delete(`/api/users/${admin.user.id}`)
      .withSession(admin.session)
      .withCsrfToken()
    response.assertStatus(400)
    response.assertBody({ error: 'You cannot delete your own account' })
    assert.isNotNull(await User.find(admin.user.id))
  })
})

test.group('transfer sessions follow the users table', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("a removed person's next request is 401 and their session is cleared", async ({
    client,
    assert,
  }) => {
    const gone = await transferPerson('staff')
    await new TransferUsers().remove(gone.user.id)

    const response = await client.get('/api/users').withSession(gone.session)
    response.assertStatus(401)
    response.assertBody({ error: 'Authentication required' })
    assert.isUndefined(response.session().userId)
  })

  test('an admin made staff is refused admin routes at once; the session says staff', async ({
    client,
    assert,
  }) => {
    const demoted = await transferPerson('admin')
    await transferPerson('admin')
    await new TransferUsers().update(demoted.user.id, { role: 'staff', displayName: 'Demoted' })

    const admin = await client
      .post('/api/users')
      .json({ email: 'x@example.com' })
      .withSession(demoted.session)
      .withCsrfToken()
    admin.assertStatus(403)
    assert.equal(admin.session().userRole, 'staff')
    assert.equal(admin.session().userName, 'Demoted')

    const staff = await client.get('/api/users').withSession(demoted.session)
    staff.assertStatus(200)
  })

  test('a session naming no real user (or no UUID) is 401', async ({ client }) => {
    for (const userId of [MISSING_ID, 'u-1']) {
      const response = await client.get('/api/users').withSession({ userId, userRole: 'admin' })
      response.assertStatus(401)
      response.assertBody({ error: 'Authentication required' })
    }
  })
})
