import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import AssignmentDayNote from '#models/schedule/assignment_day_note'
import CrewRole from '#models/schedule/crew_role'
import Region from '#models/schedule/region'
import { addDays, today } from '#services/schedule/projects/project_days'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  activityEntries,
  assignCrew,
  createCrew,
  createProject,
  createVendor,
  trash,
} from '#tests/helpers/schedule_records'

test.group('crew', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('create with every field, read back with vendor links, logged', async ({
    client,
    assert,
  }) => {
    const { session, user } = await schedulePerson('staff')
    const role = await CrewRole.create({ name: 'Camera', sortOrder: 1 })
    const region = await Region.create({ name: 'North', sortOrder: 1 })
    const created = await client
      .post('/api/crew')
      .json({
        name: ' Jane Doe ',
        phone: '+44 7700 900123',
        email: 'jane@example.com',
        pronouns: 'she/her',
        vehicle: 'Van',
        dietary: 'Vegetarian',
        howWeMet: 'Film school',
        notes: 'Great with kids',
        crewRoleId: role.id,
        regionId: region.id,
        starred: true,
      })
      .withSession(session)
      .withCsrfToken()
    created.assertStatus(201)
    assert.containsSubset(created.body(), {
      name: 'Jane Doe',
      phone: '+44 7700 900123',
      email: 'jane@example.com',
      pronouns: 'she/her',
      vehicle: 'Van',
      dietary: 'Vegetarian',
      howWeMet: 'Film school',
      notes: 'Great with kids',
      crewRoleId: role.id,
      regionId: region.id,
      starred: true,
    })
    assert.isString(created.body().createdAt)

    const minimal = await client
      .post('/api/crew')
      .json({ name: 'Sam' })
      .withSession(session)
      .withCsrfToken()
    minimal.assertStatus(201)
    assert.include(minimal.body(), { starred: false, email: null, crewRoleId: null })

    const lights = await createVendor({ name: 'Lights Ltd' })
    const gone = await createVendor({ name: 'Gone Ltd' })
    for (const vendor of [lights, gone]) {
      await db
        .table('crew_vendor_links')
        .insert({ crew_id: created.body().id, vendor_id: vendor.id, notes: 'Gaffer' })
    }
    await trash(gone)

    const read = await client.get(`/api/crew/${created.body().id}`).withSession(session)
    read.assertStatus(200)
    assert.equal(read.body().name, 'Jane Doe')
    assert.lengthOf(read.body().vendorLinks, 1)
    assert.deepInclude(read.body().vendorLinks[0], {
      vendorId: lights.id,
      vendorName: 'Lights Ltd',
      notes: 'Gaffer',
    })
    assert.deepEqual(Object.keys(read.body().vendorLinks[0]).sort(), [
      'id',
      'notes',
      'vendorId',
      'vendorName',
    ])

    const [entry] = await activityEntries(client, session, {
      entityType: 'crew',
      entityId: created.body().id,
    })
    assert.include(entry, {
      action: 'create',
      actorId: user.id,
      summary: 'Added crew member Jane Doe',
    })
  })

  test('the list holds active crew by name, filtered by search, role, region and star', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const camera = await CrewRole.create({ name: 'Camera', sortOrder: 1 })
    const north = await Region.create({ name: 'North', sortOrder: 1 })
    await createCrew({ name: 'zoe Adams', crewRoleId: camera.id, starred: true })
    await createCrew({ name: 'Bob Brown', regionId: north.id, email: 'bob@films.example' })
    await createCrew({ name: 'Ann Cole', crewRoleId: camera.id, regionId: north.id })
    await trash(await createCrew({ name: 'Old Timer', crewRoleId: camera.id }))

    const names = async (query: Record<string, string | number | boolean>) => {
      const response = await client.get('/api/crew').qs(query).withSession(session)
      response.assertStatus(200)
      return response.body().map((crew: { name: string }) => crew.name)
    }
    assert.deepEqual(await names({}), ['Ann Cole', 'Bob Brown', 'zoe Adams'])
    assert.deepEqual(await names({ search: 'FILMS' }), ['Bob Brown'])
    assert.deepEqual(await names({ search: 'o' }), ['Ann Cole', 'Bob Brown', 'zoe Adams'])
    assert.deepEqual(await names({ crewRoleId: camera.id }), ['Ann Cole', 'zoe Adams'])
    assert.deepEqual(await names({ regionId: north.id }), ['Ann Cole', 'Bob Brown'])
    assert.deepEqual(await names({ crewRoleId: camera.id, regionId: north.id }), ['Ann Cole'])
    assert.deepEqual(await names({ starred: true }), ['zoe Adams'])
    assert.deepEqual(await names({ search: 'Old' }), [])
  })

  test('update changes the given fields, clears nulls and logs the changes', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew({ name: 'Jane Doe', phone: '123', vehicle: 'Van' })
    const renamed = await client
      .patch(`/api/crew/${crew.id}`)
      .json({ name: 'Jane Smith', phone: null, starred: true })
      .withSession(session)
      .withCsrfToken()
    renamed.assertStatus(200)
    assert.include(renamed.body(), {
      name: 'Jane Smith',
      phone: null,
      vehicle: 'Van',
      starred: true,
    })

    const [entry] = await activityEntries(client, session, {
      entityType: 'crew',
      entityId: crew.id,
    })
    assert.equal(entry.summary, 'Renamed crew member Jane Doe to Jane Smith')
    assert.deepEqual(entry.changes, {
      name: { from: 'Jane Doe', to: 'Jane Smith' },
      phone: { from: '123', to: null },
      starred: { from: false, to: true },
    })

    await client
      .patch(`/api/crew/${crew.id}`)
      .json({ dietary: 'Vegan' })
      .withSession(session)
      .withCsrfToken()
    const [latest] = await activityEntries(client, session, {
      entityType: 'crew',
      entityId: crew.id,
    })
    assert.equal(latest.summary, 'Updated crew member Jane Smith')
  })

  test('DELETE moves the crew member to the trash: gone from lists and reads', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew({ name: 'Jane Doe' })
    const response = await client
      .delete(`/api/crew/${crew.id}`)
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    response.assertBody({ success: true })

    await crew.refresh()
    assert.isNotNull(crew.deletedAt, 'the row stays, in the trash')
    const list = await client.get('/api/crew').withSession(session)
    assert.notInclude(
      list.body().map((row: { id: number }) => row.id),
      crew.id
    )
    for (const request of [
      client.get(`/api/crew/${crew.id}`).withSession(session),
      client.patch(`/api/crew/${crew.id}`).json({ name: 'X' }).withSession(session).withCsrfToken(),
      client.delete(`/api/crew/${crew.id}`).withSession(session).withCsrfToken(),
      client.get(`/api/crew/${crew.id}/assignments`).withSession(session),
    ]) {
      const after = await request
      after.assertStatus(404)
      after.assertBody({ message: 'Crew member not found' })
    }
    const [entry] = await activityEntries(client, session, { entityType: 'crew' })
    assert.include(entry, { action: 'delete', summary: 'Moved crew member Jane Doe to the trash' })
  })

  test('bad bodies are 422 with the field', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'Jane', email: 'jane@' }, 'email'],
      [{ name: 'Jane', phone: '1'.repeat(51) }, 'phone'],
      [{ name: 'Jane', notes: 'x'.repeat(10_001) }, 'notes'],
      [{ name: 'Jane', crewRoleId: 999_999 }, 'crewRoleId'],
      [{ name: 'Jane', regionId: 'north' }, 'regionId'],
      [{ name: 'Jane', starred: 'often' }, 'starred'],
    ] as const) {
      const response = await client
        .post('/api/crew')
        .json(body)
        .withSession(session)
        .withCsrfToken()
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.equal(response.body().message, 'Validation failed')
      assert.equal(response.body().errors[0].field, field)
    }
    const crew = await createCrew()
    const patch = await client
      .patch(`/api/crew/${crew.id}`)
      .json({ email: 'nope' })
      .withSession(session)
      .withCsrfToken()
    patch.assertStatus(422)
    const query = await client.get('/api/crew').qs({ crewRoleId: 'x' }).withSession(session)
    query.assertStatus(422)
  })

  test('unknown ids are 404; ids that are not numbers match no route', async ({ client }) => {
    const { session } = await schedulePerson('staff')
    const unknown = await client.get('/api/crew/999999').withSession(session)
    unknown.assertStatus(404)
    unknown.assertBody({ message: 'Crew member not found' })
    const word = await client.get('/api/crew/abc').withSession(session)
    word.assertStatus(404)
  })
})

test.group('crew: assignments', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('bookings on active projects overlapping the range, with day notes', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew()
    const confirmed = await db.from('statuses').where('name', 'Confirmed').firstOrFail()
    const shoot = await createProject('2031-03-10', '2031-03-12', {
      name: 'Shoot',
      color: '#112233',
    })
    const booking = await assignCrew(shoot, crew, { statusId: confirmed.id })
    await AssignmentDayNote.createMany([
      { projectId: shoot.id, projectCrewId: booking.id, date: '2031-03-11', isScheduled: false },
      {
        projectId: shoot.id,
        projectCrewId: booking.id,
        date: '2031-03-12',
        note: 'Call 6am',
        isScheduled: true,
      },
    ])
    const edit = await createProject('2031-03-01', '2031-03-10', { name: 'Edit' })
    const editBooking = await assignCrew(edit, crew)
    await assignCrew(await createProject('2031-05-01', '2031-05-02'), crew)
    await assignCrew(await trash(await createProject('2031-03-11', '2031-03-11')), crew)
    await assignCrew(shoot, await createCrew())

    const response = await client
      .get(`/api/crew/${crew.id}/assignments`)
      .qs({ from: '2031-03-05', to: '2031-03-31' })
      .withSession(session)
    response.assertStatus(200)
    assert.deepEqual(response.body(), [
      {
        assignmentId: editBooking.id,
        projectId: edit.id,
        projectName: 'Edit',
        startDate: '2031-03-01',
        endDate: '2031-03-10',
        color: edit.color,
        statusId: null,
        unscheduled: [],
        notes: {},
      },
      {
        assignmentId: booking.id,
        projectId: shoot.id,
        projectName: 'Shoot',
        startDate: '2031-03-10',
        endDate: '2031-03-12',
        color: '#112233',
        statusId: confirmed.id,
        unscheduled: ['2031-03-11'],
        notes: { '2031-03-12': 'Call 6am' },
      },
    ])
  })

  test('without a range: from 30 days ago to a year ahead', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew()
    const day = (offset: number) => addDays(today(), offset)
    const recent = await createProject(day(-30), day(-30))
    const coming = await createProject(day(365), day(370))
    await assignCrew(recent, crew)
    await assignCrew(coming, crew)
    await assignCrew(await createProject(day(-40), day(-31)), crew)
    await assignCrew(await createProject(day(366), day(367)), crew)

    const response = await client.get(`/api/crew/${crew.id}/assignments`).withSession(session)
    assert.deepEqual(
      response.body().map((booking: { projectId: number }) => booking.projectId),
      [recent.id, coming.id]
    )
  })

  test('bad ranges are 422', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew()
    for (const [query, field] of [
      [{ from: '2031-02-30' }, 'from'],
      [{ to: '2031-03-01' }, 'from'],
      [{ from: '2031-03-02', to: '2031-03-01' }, 'to'],
      [{ from: '2031-01-01', to: '2032-03-01' }, 'to'],
    ] as const) {
      const response = await client
        .get(`/api/crew/${crew.id}/assignments`)
        .qs(query)
        .withSession(session)
      assert.equal(response.status(), 422, JSON.stringify(query))
      assert.equal(response.body().errors[0].field, field)
    }
  })
})
