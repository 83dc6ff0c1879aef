import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import CrewVendorLink from '#models/schedule/crew_vendor_link'
import { schedulePerson } from '#tests/helpers/schedule_people'
import { activityEntries, createCrew, createVendor, trash } from '#tests/helpers/schedule_records'

test.group('crew-vendor links', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('link, list by crew member or vendor, unlink; each logged', async ({ client, assert }) => {
    const { session, user } = await schedulePerson('staff')
    const jane = await createCrew({ name: 'Jane Doe' })
    const bob = await createCrew({ name: 'Bob Brown' })
    const lights = await createVendor({ name: 'Lights Ltd' })
    const sound = await createVendor({ name: 'Sound Co' })

    const created = await client
      .post('/api/crew-vendor-links')
      .json({ crewId: jane.id, vendorId: lights.id, notes: 'Gaffer for hire' })
      .withSession(session)
      .withCsrfToken()
    created.assertStatus(201)
    assert.deepEqual(created.body(), {
      id: created.body().id,
      crewId: jane.id,
      vendorId: lights.id,
      notes: 'Gaffer for hire',
      crewName: 'Jane Doe',
      vendorName: 'Lights Ltd',
    })
    await CrewVendorLink.create({ crewId: jane.id, vendorId: sound.id })
    await CrewVendorLink.create({ crewId: bob.id, vendorId: lights.id })

    const pairs = async (query: Record<string, number>) => {
      const response = await client.get('/api/crew-vendor-links').qs(query).withSession(session)
      response.assertStatus(200)
      return response
        .body()
        .map(
          (link: { crewName: string; vendorName: string }) => `${link.crewName}/${link.vendorName}`
        )
    }
    assert.deepEqual(await pairs({ crewId: jane.id }), ['Jane Doe/Lights Ltd', 'Jane Doe/Sound Co'])
    assert.deepEqual(await pairs({ vendorId: lights.id }), [
      'Bob Brown/Lights Ltd',
      'Jane Doe/Lights Ltd',
    ])

    const [linked] = await activityEntries(client, session, { entityType: 'crew_vendor_link' })
    assert.include(linked, {
      action: 'create',
      actorId: user.id,
      summary: 'Linked crew member Jane Doe to vendor Lights Ltd',
    })

    const deleted = await client
      .delete(`/api/crew-vendor-links/${created.body().id}`)
      .withSession(session)
      .withCsrfToken()
    deleted.assertStatus(200)
    deleted.assertBody({ success: true })
    assert.deepEqual(await pairs({ crewId: jane.id }), ['Jane Doe/Sound Co'])
    const [unlinked] = await activityEntries(client, session, { entityType: 'crew_vendor_link' })
    assert.include(unlinked, {
      action: 'delete',
      summary: 'Unlinked crew member Jane Doe from vendor Lights Ltd',
    })

    const again = await client
      .delete(`/api/crew-vendor-links/${created.body().id}`)
      .withSession(session)
      .withCsrfToken()
    again.assertStatus(404)
    again.assertBody({ message: 'Link not found' })
  })

  test('a second link between the same two is 409', async ({ client }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew()
    const vendor = await createVendor()
    await CrewVendorLink.create({ crewId: crew.id, vendorId: vendor.id })
    const response = await client
      .post('/api/crew-vendor-links')
      .json({ crewId: crew.id, vendorId: vendor.id })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(409)
    response.assertBody({ message: 'This crew member is already linked to this vendor' })
  })

  test('unknown or trashed crew members and vendors are 422 on their field', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew()
    const vendor = await createVendor()
    const trashedCrew = await trash(await createCrew())
    const trashedVendor = await trash(await createVendor())
    for (const [body, field] of [
      [{ crewId: 999_999, vendorId: vendor.id }, 'crewId'],
      [{ crewId: trashedCrew.id, vendorId: vendor.id }, 'crewId'],
      [{ crewId: crew.id, vendorId: trashedVendor.id }, 'vendorId'],
      [{ crewId: crew.id }, 'vendorId'],
      [{ crewId: crew.id, vendorId: vendor.id, notes: 'x'.repeat(10_001) }, 'notes'],
    ] as const) {
      const response = await client
        .post('/api/crew-vendor-links')
        .json(body)
        .withSession(session)
        .withCsrfToken()
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.equal(response.body().message, 'Validation failed')
      assert.equal(response.body().errors[0].field, field)
    }
    const query = await client
      .get('/api/crew-vendor-links')
      .qs({ crewId: 'jane' })
      .withSession(session)
    query.assertStatus(422)
  })

  test('links to a trashed crew member or vendor are hidden and cannot be deleted', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew()
    const vendor = await createVendor()
    const link = await CrewVendorLink.create({ crewId: crew.id, vendorId: vendor.id })
    await trash(vendor)
    const list = await client
      .get('/api/crew-vendor-links')
      .qs({ crewId: crew.id })
      .withSession(session)
    assert.deepEqual(list.body(), [])
    const response = await client
      .delete(`/api/crew-vendor-links/${link.id}`)
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(404)
    assert.isNotNull(await CrewVendorLink.find(link.id), 'kept for a restore')
  })
})
