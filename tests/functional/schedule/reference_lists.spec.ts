import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  activityEntries,
  assignCrew,
  createCrew,
  createProject,
} from '#tests/helpers/schedule_records'

const PREFIXES = [
  'statuses',
  'project-statuses',
  'crew-roles',
  'vendor-types',
  'location-types',
  'regions',
] as const

const ENTITY_TYPES = {
  'statuses': 'status',
  'project-statuses': 'project_status',
  'crew-roles': 'crew_role',
  'vendor-types': 'vendor_type',
  'location-types': 'location_type',
  'regions': 'region',
}

/** GET /api/<prefix> as `session` sees it. */
async function listed(client: ApiClient, session: Record<string, string | number>, prefix: string) {
  const response = await client.get(`/api/${prefix}`).withSession(session)
  response.assertStatus(200)
  return response.body() as any[]
}

test.group('reference lists', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a fresh database has the four statuses and five project statuses, in order', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const statuses = await client.get('/api/statuses').withSession(session)
    statuses.assertStatus(200)
    assert.deepEqual(
      statuses.body().map((status: { name: string }) => status.name),
      ['Pencilled', 'Confirmed', 'Asked', 'Declined']
    )
    assert.deepEqual(Object.keys(statuses.body()[0]).sort(), [
      'booksPerson',
      'color',
      'icon',
      'id',
      'isDefault',
      'name',
      'sortOrder',
    ])
    assert.deepInclude(statuses.body()[0], {
      name: 'Pencilled',
      isDefault: true,
      booksPerson: true,
    })
    assert.deepInclude(statuses.body()[3], {
      name: 'Declined',
      isDefault: false,
      booksPerson: false,
    })

    const projectStatuses = await client.get('/api/project-statuses').withSession(session)
    assert.deepEqual(
      projectStatuses
        .body()
        .map((status: { name: string; isDefault: boolean }) => [status.name, status.isDefault]),
      [
        ['Enquiry', false],
        ['Tentative', true],
        ['Confirmed', false],
        ['Wrapped', false],
        ['Cancelled', false],
      ]
    )
  })

  test('each list creates an entry at the end and logs it', async ({ client, assert }) => {
    const { session, user } = await schedulePerson('staff')
    for (const prefix of PREFIXES) {
      const before = await client.get(`/api/${prefix}`).withSession(session)
      const created = await client
        .post(`/api/${prefix}`)
        .json({ name: '  Night shift  ', color: '#AABBCC' })
        .withSession(session)
        .withCsrfToken()
      created.assertStatus(201)
      assert.include(created.body(), { name: 'Night shift', color: '#aabbcc' })
      assert.notProperty(created.body(), 'createdAt')

      const after = await client.get(`/api/${prefix}`).withSession(session)
      assert.lengthOf(after.body(), before.body().length + 1)
      assert.equal(after.body().at(-1).id, created.body().id)

      const [entry] = await activityEntries(client, session, {
        entityType: ENTITY_TYPES[prefix],
        entityId: created.body().id,
      })
      assert.include(entry, { action: 'create', actorId: user.id, actorName: user.displayName })
      assert.match(entry.summary, /^Added .+ Night shift$/)
    }
  })

  test('a new status takes the database defaults; the plain lists have no icon or default', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const status = await client
      .post('/api/statuses')
      .json({ name: 'Hold' })
      .withSession(session)
      .withCsrfToken()
    assert.include(status.body(), {
      name: 'Hold',
      color: '#64748b',
      icon: null,
      booksPerson: true,
      isDefault: false,
      sortOrder: 5,
    })

    const region = await client
      .post('/api/regions')
      .json({ name: 'North', icon: 'x', isDefault: true })
      .withSession(session)
      .withCsrfToken()
    region.assertStatus(201)
    assert.deepEqual(Object.keys(region.body()).sort(), ['color', 'id', 'name', 'sortOrder'])
    assert.isNull(region.body().color)
  })

  test('names are unique regardless of case: 409 on create and rename', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    for (const prefix of PREFIXES) {
      const first = await client
        .post(`/api/${prefix}`)
        .json({ name: 'Grip' })
        .withSession(session)
        .withCsrfToken()
      first.assertStatus(201)
      const duplicate = await client
        .post(`/api/${prefix}`)
        .json({ name: 'GRIP' })
        .withSession(session)
        .withCsrfToken()
      duplicate.assertStatus(409)
      assert.match(duplicate.body().message, /^A .+ named "GRIP" already exists$/)

      const other = await client
        .post(`/api/${prefix}`)
        .json({ name: 'Gaffer' })
        .withSession(session)
        .withCsrfToken()
      const rename = await client
        .patch(`/api/${prefix}/${other.body().id}`)
        .json({ name: 'grip' })
        .withSession(session)
        .withCsrfToken()
      rename.assertStatus(409)

      // Renaming an entry to its own name in another case is no duplicate.
      const recase = await client
        .patch(`/api/${prefix}/${first.body().id}`)
        .json({ name: 'GRIP' })
        .withSession(session)
        .withCsrfToken()
      recase.assertStatus(200)
    }
  })

  test('renaming is logged with its changes', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const pencilled = await db.from('statuses').where('name', 'Pencilled').firstOrFail()
    const response = await client
      .patch(`/api/statuses/${pencilled.id}`)
      .json({ name: 'Hold', color: '#000000' })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.include(response.body(), { id: pencilled.id, name: 'Hold', color: '#000000' })

    const [entry] = await activityEntries(client, session, { entityType: 'status' })
    assert.equal(entry.summary, 'Renamed status Pencilled to Hold')
    assert.deepEqual(entry.changes, {
      name: { from: 'Pencilled', to: 'Hold' },
      color: { from: '#f59e0b', to: '#000000' },
    })

    const recolour = await client
      .patch(`/api/statuses/${pencilled.id}`)
      .json({ color: '#111111' })
      .withSession(session)
      .withCsrfToken()
    recolour.assertStatus(200)
    const [latest] = await activityEntries(client, session, { entityType: 'status' })
    assert.equal(latest.summary, 'Updated status Hold')
  })

  test('setting a default clears the other default, on create and on update', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    for (const prefix of ['statuses', 'project-statuses']) {
      const created = await client
        .post(`/api/${prefix}`)
        .json({ name: 'Fresh default', isDefault: true })
        .withSession(session)
        .withCsrfToken()
      created.assertStatus(201)
      let list = await listed(client, session, prefix)
      assert.deepEqual(
        list.filter((row: { isDefault: boolean }) => row.isDefault).map((row: any) => row.id),
        [created.body().id]
      )

      const first = list[0]
      const updated = await client
        .patch(`/api/${prefix}/${first.id}`)
        .json({ isDefault: true })
        .withSession(session)
        .withCsrfToken()
      updated.assertStatus(200)
      list = await listed(client, session, prefix)
      assert.deepEqual(
        list.filter((row: { isDefault: boolean }) => row.isDefault).map((row: any) => row.id),
        [first.id]
      )
    }
  })

  test('deleting an entry leaves what used it without one', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const role = await client
      .post('/api/crew-roles')
      .json({ name: 'Sound' })
      .withSession(session)
      .withCsrfToken()
    const crew = await createCrew({ crewRoleId: role.body().id })
    const confirmed = await db.from('statuses').where('name', 'Confirmed').firstOrFail()
    const booking = await assignCrew(await createProject('2030-01-01', '2030-01-02'), crew, {
      statusId: confirmed.id,
    })

    const deleted = await client
      .delete(`/api/crew-roles/${role.body().id}`)
      .withSession(session)
      .withCsrfToken()
    deleted.assertStatus(200)
    deleted.assertBody({ success: true })
    await crew.refresh()
    assert.isNull(crew.crewRoleId)

    const deletedStatus = await client
      .delete(`/api/statuses/${confirmed.id}`)
      .withSession(session)
      .withCsrfToken()
    deletedStatus.assertStatus(200)
    await booking.refresh()
    assert.isNull(booking.statusId)

    const statuses = await client.get('/api/statuses').withSession(session)
    assert.notInclude(
      statuses.body().map((status: { name: string }) => status.name),
      'Confirmed'
    )
    const [entry] = await activityEntries(client, session, { entityType: 'status' })
    assert.include(entry, { action: 'delete', summary: 'Deleted status Confirmed' })
  })

  test('PUT order takes every id in the new order and answers the sorted list', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const before = await listed(client, session, 'statuses')
    const ids = before.map((status: { id: number }) => status.id).reverse()
    const response = await client
      .put('/api/statuses/order')
      .json({ ids })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.deepEqual(
      response.body().map((status: { id: number }) => status.id),
      ids
    )
    assert.deepEqual(
      response.body().map((status: { sortOrder: number }) => status.sortOrder),
      [1, 2, 3, 4]
    )
    const after = await listed(client, session, 'statuses')
    assert.deepEqual(
      after.map((status: { name: string }) => status.name),
      ['Declined', 'Asked', 'Confirmed', 'Pencilled']
    )
    const [entry] = await activityEntries(client, session, { entityType: 'status' })
    assert.include(entry, { action: 'reorder', summary: 'Reordered statuses' })
  })

  test('an order that misses, repeats or invents an id is 422 and changes nothing', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const statuses = await listed(client, session, 'statuses')
    const ids = statuses.map((status: { id: number }) => status.id)
    for (const wrong of [
      ids.slice(1),
      [...ids, ids[0]],
      [...ids.slice(1), 999_999],
      [...ids.slice(1), ids[1]],
    ]) {
      const response = await client
        .put('/api/statuses/order')
        .json({ ids: wrong })
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(422)
      response.assertBody({
        message: 'Validation failed',
        errors: [{ field: 'ids', message: 'List every status exactly once', rule: 'order' }],
      })
    }
    const malformed = await client
      .put('/api/statuses/order')
      .json({ ids: ['a'] })
      .withSession(session)
      .withCsrfToken()
    malformed.assertStatus(422)
    const unchanged = await listed(client, session, 'statuses')
    assert.deepEqual(
      unchanged.map((status: { id: number }) => status.id),
      ids
    )
  })

  test('bad bodies are 422 with the field', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['statuses', {}, 'name'],
      ['statuses', { name: '   ' }, 'name'],
      ['statuses', { name: 'x'.repeat(201) }, 'name'],
      ['statuses', { name: 'Hold', color: 'red' }, 'color'],
      ['statuses', { name: 'Hold', booksPerson: 'maybe' }, 'booksPerson'],
      ['project-statuses', { name: 'Hold', sortOrder: -1 }, 'sortOrder'],
      ['regions', { name: 'North', color: '#12345' }, 'color'],
    ]
    for (const [prefix, body, field] of cases) {
      const response = await client
        .post(`/api/${prefix}`)
        .json(body)
        .withSession(session)
        .withCsrfToken()
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.equal(response.body().message, 'Validation failed')
      assert.include(
        response.body().errors.map((error: { field: string }) => error.field),
        field
      )
    }
    const status = await db.from('statuses').firstOrFail()
    const patch = await client
      .patch(`/api/statuses/${status.id}`)
      .json({ name: 'x'.repeat(201) })
      .withSession(session)
      .withCsrfToken()
    patch.assertStatus(422)
  })

  test('unknown ids are 404; ids that are not numbers match no route', async ({ client }) => {
    const { session } = await schedulePerson('staff')
    const patch = await client
      .patch('/api/crew-roles/999999')
      .json({ name: 'X' })
      .withSession(session)
      .withCsrfToken()
    patch.assertStatus(404)
    patch.assertBody({ message: 'Crew role not found' })

    const destroy = await client.delete('/api/statuses/999999').withSession(session).withCsrfToken()
    destroy.assertStatus(404)
    destroy.assertBody({ message: 'Status not found' })

    const word = await client
      .patch('/api/regions/abc')
      .json({ name: 'X' })
      .withSession(session)
      .withCsrfToken()
    word.assertStatus(404)
  })
})
