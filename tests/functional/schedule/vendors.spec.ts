import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import AssignmentDayNote from '#models/schedule/assignment_day_note'
import Region from '#models/schedule/region'
import VendorType from '#models/schedule/vendor_type'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  activityEntries,
  assignVendor,
  createCrew,
  createProject,
  createVendor,
  trash,
} from '#tests/helpers/schedule_records'

test.group('vendors', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('create with every field, read back with crew links, logged', async ({ client, assert }) => {
    const { session, user } = await schedulePerson('staff')
    const rental = await VendorType.create({ name: 'Rental house', sortOrder: 1 })
    const south = await Region.create({ name: 'South', sortOrder: 1 })
    const created = await client
      .post('/api/vendors')
      .json({
        name: 'Lights Ltd',
        contactName: 'Max Power',
        phone: '020 7946 0001',
        email: 'desk@lights.example',
        website: 'https://lights.example/hire',
        address: '1 Studio Way',
        notes: 'Deposit needed',
        vendorTypeId: rental.id,
        regionId: south.id,
        starred: true,
      })
      .withSession(session)
      .withCsrfToken()
    created.assertStatus(201)
    assert.containsSubset(created.body(), {
      name: 'Lights Ltd',
      contactName: 'Max Power',
      phone: '020 7946 0001',
      email: 'desk@lights.example',
      website: 'https://lights.example/hire',
      address: '1 Studio Way',
      notes: 'Deposit needed',
      vendorTypeId: rental.id,
      regionId: south.id,
      starred: true,
    })

    const jane = await createCrew({ name: 'Jane Doe' })
    const trashed = await createCrew({ name: 'Gone Person' })
    for (const crew of [jane, trashed]) {
      await db.table('crew_vendor_links').insert({ crew_id: crew.id, vendor_id: created.body().id })
    }
    await trash(trashed)

    const read = await client.get(`/api/vendors/${created.body().id}`).withSession(session)
    read.assertStatus(200)
    assert.equal(read.body().contactName, 'Max Power')
    assert.lengthOf(read.body().crewLinks, 1)
    assert.deepInclude(read.body().crewLinks[0], { crewId: jane.id, crewName: 'Jane Doe' })
    assert.deepEqual(Object.keys(read.body().crewLinks[0]).sort(), [
      'crewId',
      'crewName',
      'id',
      'notes',
    ])

    const [entry] = await activityEntries(client, session, { entityType: 'vendor' })
    assert.include(entry, {
      action: 'create',
      actorId: user.id,
      entityId: String(created.body().id),
      summary: 'Added vendor Lights Ltd',
    })
  })

  test('a website without a scheme is stored as https; other schemes are 422', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const bare = await client
      .post('/api/vendors')
      .json({ name: 'Sound Co', website: 'sound.example' })
      .withSession(session)
      .withCsrfToken()
    bare.assertStatus(201)
    assert.equal(bare.body().website, 'https://sound.example')

    for (const website of ['javascript:alert(1)', 'ftp://sound.example', 'not a url']) {
      const response = await client
        .post('/api/vendors')
        .json({ name: 'Sound Co', website })
        .withSession(session)
        .withCsrfToken()
      assert.equal(response.status(), 422, website)
      assert.equal(response.body().errors[0].field, 'website')
    }
  })

  test('the list holds active vendors by name, filtered by search, type, region and star', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const rental = await VendorType.create({ name: 'Rental', sortOrder: 1 })
    const south = await Region.create({ name: 'South', sortOrder: 1 })
    await createVendor({ name: 'Catering Co', contactName: 'Pat Cook', starred: true })
    await createVendor({ name: 'Camera Hire', vendorTypeId: rental.id, regionId: south.id })
    await createVendor({ name: 'Grip Hire', vendorTypeId: rental.id })
    await trash(await createVendor({ name: 'Bust Hire', vendorTypeId: rental.id }))

    const names = async (query: Record<string, string | number | boolean>) => {
      const response = await client.get('/api/vendors').qs(query).withSession(session)
      response.assertStatus(200)
      return response.body().map((vendor: { name: string }) => vendor.name)
    }
    assert.deepEqual(await names({}), ['Camera Hire', 'Catering Co', 'Grip Hire'])
    assert.deepEqual(await names({ search: 'hire' }), ['Camera Hire', 'Grip Hire'])
    assert.deepEqual(await names({ search: 'pat' }), ['Catering Co'])
    assert.deepEqual(await names({ vendorTypeId: rental.id }), ['Camera Hire', 'Grip Hire'])
    assert.deepEqual(await names({ regionId: south.id }), ['Camera Hire'])
    assert.deepEqual(await names({ starred: true }), ['Catering Co'])
  })

  test('update logs the changes; DELETE moves the vendor to the trash', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const vendor = await createVendor({ name: 'Lights Ltd', email: 'a@lights.example' })
    const updated = await client
      .patch(`/api/vendors/${vendor.id}`)
      .json({ email: 'b@lights.example', address: 'Unit 4' })
      .withSession(session)
      .withCsrfToken()
    updated.assertStatus(200)
    assert.include(updated.body(), { email: 'b@lights.example', address: 'Unit 4' })
    const [update] = await activityEntries(client, session, { entityType: 'vendor' })
    assert.equal(update.summary, 'Updated vendor Lights Ltd')
    assert.deepEqual(update.changes, {
      email: { from: 'a@lights.example', to: 'b@lights.example' },
      address: { from: null, to: 'Unit 4' },
    })

    const deleted = await client
      .delete(`/api/vendors/${vendor.id}`)
      .withSession(session)
      .withCsrfToken()
    deleted.assertBody({ success: true })
    await vendor.refresh()
    assert.isNotNull(vendor.deletedAt)
    const read = await client.get(`/api/vendors/${vendor.id}`).withSession(session)
    read.assertStatus(404)
    read.assertBody({ message: 'Vendor not found' })
    const list = await client.get('/api/vendors').withSession(session)
    assert.notInclude(
      list.body().map((row: { id: number }) => row.id),
      vendor.id
    )
    const [entry] = await activityEntries(client, session, { entityType: 'vendor' })
    assert.equal(entry.summary, 'Moved vendor Lights Ltd to the trash')
  })

  test('bad bodies are 422; unknown ids 404', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: 'V', email: 'v@' }, 'email'],
      [{ name: 'V', phone: '1'.repeat(51) }, 'phone'],
      [{ name: 'V', vendorTypeId: 999_999 }, 'vendorTypeId'],
      [{ name: 'V', regionId: 999_999 }, 'regionId'],
    ] as const) {
      const response = await client
        .post('/api/vendors')
        .json(body)
        .withSession(session)
        .withCsrfToken()
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.equal(response.body().errors[0].field, field)
    }
    const unknown = await client
      .patch('/api/vendors/999999')
      .json({ name: 'X' })
      .withSession(session)
      .withCsrfToken()
    unknown.assertStatus(404)
    unknown.assertBody({ message: 'Vendor not found' })
  })

  test('assignments: bookings on active projects in the range, with day notes', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const vendor = await createVendor()
    const shoot = await createProject('2031-06-01', '2031-06-03', { name: 'Shoot' })
    const booking = await assignVendor(shoot, vendor)
    await AssignmentDayNote.create({
      projectId: shoot.id,
      projectVendorId: booking.id,
      date: '2031-06-02',
      note: 'Truck at 7',
      isScheduled: false,
    })
    await assignVendor(await trash(await createProject('2031-06-01', '2031-06-01')), vendor)
    await assignVendor(await createProject('2031-08-01', '2031-08-01'), vendor)

    const response = await client
      .get(`/api/vendors/${vendor.id}/assignments`)
      .qs({ from: '2031-06-01', to: '2031-06-30' })
      .withSession(session)
    response.assertStatus(200)
    assert.deepEqual(response.body(), [
      {
        assignmentId: booking.id,
        projectId: shoot.id,
        projectName: 'Shoot',
        startDate: '2031-06-01',
        endDate: '2031-06-03',
        color: shoot.color,
        statusId: null,
        unscheduled: ['2031-06-02'],
        notes: { '2031-06-02': 'Truck at 7' },
      },
    ])

    await trash(vendor)
    const gone = await client.get(`/api/vendors/${vendor.id}/assignments`).withSession(session)
    gone.assertStatus(404)
  })
})
