import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import AssignmentDayNote from '#models/schedule/assignment_day_note'
import ConflictResolution from '#models/schedule/conflict_resolution'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  assignCrew,
  assignVendor,
  createCrew,
  createProject,
  createVendor,
  trash,
} from '#tests/helpers/schedule_records'

test.group('people calendar', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('people, projects, bookings with their days off and notes, and conflicts for a range', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const [role] = await db.table('crew_roles').insert({ name: 'Gaffer' }).returning('id')
    const [type] = await db.table('vendor_types').insert({ name: 'Trucks' }).returning('id')
    const zoe = await createCrew({ name: 'Zoe', crewRoleId: role.id, starred: true })
    const adam = await createCrew({ name: 'adam' })
    const gone = await createCrew({ name: 'Gone' })
    const van = await createVendor({ name: 'Van Co', vendorTypeId: type.id })
    const shoot = await createProject('2025-04-28', '2025-05-02', {
      name: 'Shoot',
      color: '#ff0000',
      textColor: '#000000',
    })
    const recce = await createProject('2025-05-02', '2025-05-02', { name: 'Recce' })
    await createProject('2025-06-01', '2025-06-02', { name: 'Later' })
    const binned = await createProject('2025-05-10', '2025-05-11', { name: 'Binned' })
    const zoeOnShoot = await assignCrew(shoot, zoe, { sortOrder: 2 })
    const zoeOnRecce = await assignCrew(recce, zoe, { sortOrder: 1 })
    const vanOnShoot = await assignVendor(shoot, van, { sortOrder: 1 })
    await assignCrew(shoot, gone)
    await assignCrew(binned, adam)
    await trash(gone)
    await trash(binned)
    await AssignmentDayNote.createMany([
      { projectId: shoot.id, projectCrewId: zoeOnShoot.id, date: '2025-04-29', isScheduled: false },
      { projectId: shoot.id, projectCrewId: zoeOnShoot.id, date: '2025-05-01', note: 'Early call' },
      { projectId: shoot.id, projectCrewId: zoeOnShoot.id, date: '2025-05-02', note: '' },
    ])

    const response = await client
      .get('/api/calendar/people?from=2025-05-01&to=2025-05-31')
      .withSession(session)
    response.assertStatus(200)
    const body = response.body()
    assert.equal(body.from, '2025-05-01')
    assert.equal(body.to, '2025-05-31')
    assert.deepEqual(body.people, [
      { kind: 'crew', id: adam.id, name: 'adam', roleId: null, regionId: null, starred: false },
      { kind: 'crew', id: zoe.id, name: 'Zoe', roleId: role.id, regionId: null, starred: true },
      {
        kind: 'vendor',
        id: van.id,
        name: 'Van Co',
        roleId: type.id,
        regionId: null,
        starred: false,
      },
    ])
    assert.deepEqual(body.projects, [
      {
        id: shoot.id,
        name: 'Shoot',
        startDate: '2025-04-28',
        endDate: '2025-05-02',
        color: '#ff0000',
        textColor: '#000000',
        projectStatusId: null,
      },
      {
        id: recce.id,
        name: 'Recce',
        startDate: '2025-05-02',
        endDate: '2025-05-02',
        color: '#2563eb',
        textColor: '#ffffff',
        projectStatusId: null,
      },
    ])
    const bookings = [...body.bookings].sort(
      (x: { assignmentId: number; kind: string }, y: { assignmentId: number; kind: string }) =>
        `${x.kind}${x.assignmentId}`.localeCompare(`${y.kind}${y.assignmentId}`)
    )
    assert.sameDeepMembers(bookings, [
      {
        kind: 'crew',
        assignmentId: zoeOnShoot.id,
        resourceId: zoe.id,
        projectId: shoot.id,
        statusId: null,
        sortOrder: 2,
        unscheduled: ['2025-04-29'],
        notes: { '2025-05-01': 'Early call' },
      },
      {
        kind: 'crew',
        assignmentId: zoeOnRecce.id,
        resourceId: zoe.id,
        projectId: recce.id,
        statusId: null,
        sortOrder: 1,
        unscheduled: [],
        notes: {},
      },
      {
        kind: 'vendor',
        assignmentId: vanOnShoot.id,
        resourceId: van.id,
        projectId: shoot.id,
        statusId: null,
        sortOrder: 1,
        unscheduled: [],
        notes: {},
      },
    ])
    assert.deepEqual(body.conflicts, [
      {
        kind: 'crew',
        resourceId: zoe.id,
        date: '2025-05-02',
        projectIds: [shoot.id, recce.id].sort((x, y) => x - y),
        resolved: false,
      },
    ])
  })

  test('resolved conflicts are marked resolved; kind narrows people, bookings and conflicts', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const jane = await createCrew()
    const van = await createVendor()
    const a = await createProject('2025-05-10', '2025-05-10')
    const b = await createProject('2025-05-10', '2025-05-10')
    for (const project of [a, b]) {
      await assignCrew(project, jane)
      await assignVendor(project, van)
    }
    const projectIds = [a.id, b.id].sort((x, y) => x - y)
    await ConflictResolution.create({
      resourceType: 'crew',
      resourceId: jane.id,
      date: '2025-05-10',
      projectIds,
    })

    const all = await client
      .get('/api/calendar/people?from=2025-05-01&to=2025-05-31')
      .withSession(session)
    assert.deepEqual(all.body().conflicts, [
      { kind: 'crew', resourceId: jane.id, date: '2025-05-10', projectIds, resolved: true },
      { kind: 'vendor', resourceId: van.id, date: '2025-05-10', projectIds, resolved: false },
    ])

    const vendors = await client
      .get('/api/calendar/people?from=2025-05-01&to=2025-05-31&kind=vendor')
      .withSession(session)
    const body = vendors.body()
    assert.deepEqual(
      body.people.map((person: { kind: string; id: number }) => [person.kind, person.id]),
      [['vendor', van.id]]
    )
    assert.isTrue(body.bookings.every((booking: { kind: string }) => booking.kind === 'vendor'))
    assert.lengthOf(body.bookings, 2)
    assert.deepEqual(
      body.conflicts.map((conflict: { kind: string }) => conflict.kind),
      ['vendor']
    )
    assert.lengthOf(body.projects, 2)
  })

  test('a missing, backwards or over-long range or an unknown kind is 422', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const cases: [string, string, string][] = [
      ['to=2025-05-31', 'from', 'required'],
      ['from=2025-05-01', 'to', 'required'],
      ['from=2025-05-02&to=2025-05-01', 'to', 'rangeOrder'],
      ['from=2025-01-01&to=2026-02-06', 'to', 'rangeLength'],
      ['from=2025-05-01&to=2025-05-31&kind=robots', 'kind', 'enum'],
    ]
    for (const [query, field, rule] of cases) {
      const response = await client.get(`/api/calendar/people?${query}`).withSession(session)
      response.assertStatus(422)
      assert.containSubset(response.body().errors, [{ field, rule }], query)
    }
  })
})
