import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import LocationType from '#models/schedule/location_type'
import Region from '#models/schedule/region'
import { schedulePerson } from '#tests/helpers/schedule_people'
import { activityEntries, createLocation, trash } from '#tests/helpers/schedule_records'

test.group('locations', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('create with coordinates, read back as numbers, logged', async ({ client, assert }) => {
    const { session, user } = await schedulePerson('staff')
    const studio = await LocationType.create({ name: 'Studio', sortOrder: 1 })
    const created = await client
      .post('/api/locations')
      .json({
        name: 'Stage 5',
        address: '5 Lot Road',
        lat: 51.507351,
        lng: -0.127758,
        notes: 'Loading bay at the back',
        locationTypeId: studio.id,
        starred: true,
      })
      .withSession(session)
      .withCsrfToken()
    created.assertStatus(201)
    assert.containsSubset(created.body(), {
      name: 'Stage 5',
      address: '5 Lot Road',
      lat: 51.507351,
      lng: -0.127758,
      notes: 'Loading bay at the back',
      locationTypeId: studio.id,
      regionId: null,
      starred: true,
    })

    const read = await client.get(`/api/locations/${created.body().id}`).withSession(session)
    read.assertStatus(200)
    assert.include(read.body(), { lat: 51.507351, lng: -0.127758 })

    const [entry] = await activityEntries(client, session, { entityType: 'location' })
    assert.include(entry, {
      action: 'create',
      actorId: user.id,
      summary: 'Added location Stage 5',
    })
  })

  test('coordinates outside the globe are 422, as are bad names and types', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    for (const [body, field] of [
      [{ name: 'L', lat: 90.5 }, 'lat'],
      [{ name: 'L', lat: -91 }, 'lat'],
      [{ name: 'L', lng: 180.1 }, 'lng'],
      [{ name: 'L', lng: 'east' }, 'lng'],
      [{ name: '' }, 'name'],
      [{ name: 'L', locationTypeId: 999_999 }, 'locationTypeId'],
    ] as const) {
      const response = await client
        .post('/api/locations')
        .json(body)
        .withSession(session)
        .withCsrfToken()
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.equal(response.body().errors[0].field, field)
    }
    const edge = await client
      .post('/api/locations')
      .json({ name: 'Pole', lat: -90, lng: 180 })
      .withSession(session)
      .withCsrfToken()
    edge.assertStatus(201)
  })

  test('the list holds active locations by name, filtered by search, type, region and star', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const house = await LocationType.create({ name: 'House', sortOrder: 1 })
    const east = await Region.create({ name: 'East', sortOrder: 1 })
    await createLocation({ name: 'Mill', address: '2 River Lane', starred: true })
    await createLocation({ name: 'Farmhouse', locationTypeId: house.id, regionId: east.id })
    await createLocation({ name: 'Beach hut', locationTypeId: house.id })
    await trash(await createLocation({ name: 'Burnt barn', locationTypeId: house.id }))

    const names = async (query: Record<string, string | number | boolean>) => {
      const response = await client.get('/api/locations').qs(query).withSession(session)
      response.assertStatus(200)
      return response.body().map((location: { name: string }) => location.name)
    }
    assert.deepEqual(await names({}), ['Beach hut', 'Farmhouse', 'Mill'])
    assert.deepEqual(await names({ search: 'river' }), ['Mill'])
    assert.deepEqual(await names({ locationTypeId: house.id }), ['Beach hut', 'Farmhouse'])
    assert.deepEqual(await names({ regionId: east.id }), ['Farmhouse'])
    assert.deepEqual(await names({ starred: true }), ['Mill'])
  })

  test('update logs the changes; DELETE moves the location to the trash', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const location = await createLocation({ name: 'Mill', lat: 10, lng: 20 })
    const updated = await client
      .patch(`/api/locations/${location.id}`)
      .json({ name: 'Old Mill', lat: null, lng: null })
      .withSession(session)
      .withCsrfToken()
    updated.assertStatus(200)
    assert.include(updated.body(), { name: 'Old Mill', lat: null, lng: null })
    const [update] = await activityEntries(client, session, { entityType: 'location' })
    assert.equal(update.summary, 'Renamed location Mill to Old Mill')
    assert.deepEqual(update.changes, {
      name: { from: 'Mill', to: 'Old Mill' },
      lat: { from: 10, to: null },
      lng: { from: 20, to: null },
    })

    const deleted = await client
      .delete(`/api/locations/${location.id}`)
      .withSession(session)
      .withCsrfToken()
    deleted.assertBody({ success: true })
    await location.refresh()
    assert.isNotNull(location.deletedAt)
    const read = await client.get(`/api/locations/${location.id}`).withSession(session)
    read.assertStatus(404)
    read.assertBody({ message: 'Location not found' })
    const list = await client.get('/api/locations').withSession(session)
    assert.notInclude(
      list.body().map((row: { id: number }) => row.id),
      location.id
    )
    const [entry] = await activityEntries(client, session, { entityType: 'location' })
    assert.equal(entry.summary, 'Moved location Old Mill to the trash')
  })

  test('unknown ids are 404', async ({ client }) => {
    const { session } = await schedulePerson('staff')
    for (const request of [
      client.get('/api/locations/999999').withSession(session),
      client.delete('/api/locations/999999').withSession(session).withCsrfToken(),
      client.get('/api/locations/abc').withSession(session),
    ]) {
      const response = await request
      response.assertStatus(404)
    }
  })
})
