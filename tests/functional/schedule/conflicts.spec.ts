import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import ActivityLog from '#models/schedule/activity_log'
import AssignmentDayNote from '#models/schedule/assignment_day_note'
import ConflictResolution from '#models/schedule/conflict_resolution'
import type Crew from '#models/schedule/crew'
import type Project from '#models/schedule/project'
import { addDays, today } from '#services/schedule/projects/project_days'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  assignCrew,
  assignVendor,
  createCrew,
  createProject,
  createVendor,
  trash,
} from '#tests/helpers/schedule_records'

async function statusId(name: string) {
  const row = await db.from('statuses').where('name', name).firstOrFail()
  return row.id as number
}

type ConflictBody = { kind: string; resourceId: number; date: string; projectIds: number[] }

/** [date, resourceId, projectIds] of each conflict, for compact assertions. */
function summary(conflicts: ConflictBody[]) {
  return conflicts.map((conflict) => [conflict.date, conflict.resourceId, conflict.projectIds])
}

function sorted(...projects: Project[]) {
  return projects.map((project) => project.id).sort((a, b) => a - b)
}

async function conflictsOf(
  client: any,
  session: Record<string, string | number>,
  query = 'from=2025-05-01&to=2025-05-31'
) {
  const response = await client.get(`/api/conflicts-data?${query}`).withSession(session)
  response.assertStatus(200)
  return response.body().conflicts as ConflictBody[]
}

/** Jane on two projects, a and b, both on 10 May. */
async function doubleBooked(crew?: Crew) {
  const jane = crew ?? (await createCrew({ name: 'Jane' }))
  const a = await createProject('2025-05-08', '2025-05-10', { name: 'A' })
  const b = await createProject('2025-05-10', '2025-05-12', { name: 'B' })
  const bookingA = await assignCrew(a, jane)
  const bookingB = await assignCrew(b, jane)
  return { jane, a, b, bookingA, bookingB }
}

test.group('conflicts: access', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the conflict routes answer 401 without a session', async ({ client, assert }) => {
    const requests = [
      client.get('/api/conflicts-data'),
      client.get('/api/conflict-resolutions'),
      client.post('/api/conflict-resolutions').json({}).withCsrfToken(),
      client.delete('/api/conflict-resolutions/1').withCsrfToken(),
    ]
    for (const request of requests) {
      const response = await request
      response.assertStatus(401)
      response.assertBody({ message: 'Not authenticated' })
    }
    assert.lengthOf(await ConflictResolution.all(), 0)
  })
})

test.group('conflicts: detection', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('touching ranges conflict on the shared day, with every detail of the conflict', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const { jane, a, b, bookingA, bookingB } = await doubleBooked()
    const response = await client
      .get('/api/conflicts-data?from=2025-05-01&to=2025-05-31')
      .withSession(session)
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      from: '2025-05-01',
      to: '2025-05-31',
      conflicts: [
        {
          kind: 'crew',
          resourceId: jane.id,
          resourceName: 'Jane',
          date: '2025-05-10',
          projects: [
            { id: a.id, name: 'A', color: '#2563eb', assignmentId: bookingA.id, statusId: null },
            { id: b.id, name: 'B', color: '#2563eb', assignmentId: bookingB.id, statusId: null },
          ].sort((x, y) => x.id - y.id),
          projectIds: sorted(a, b),
          resolution: null,
        },
      ],
    })
  })

  test('ranges one day apart do not conflict', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const jane = await createCrew()
    await assignCrew(await createProject('2025-05-08', '2025-05-10'), jane)
    await assignCrew(await createProject('2025-05-11', '2025-05-12'), jane)
    assert.deepEqual(await conflictsOf(client, session), [])
  })

  test('an unscheduled day is no conflict; the other shared days still are', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const jane = await createCrew()
    const a = await createProject('2025-05-08', '2025-05-12')
    const b = await createProject('2025-05-10', '2025-05-11')
    const bookingA = await assignCrew(a, jane)
    await assignCrew(b, jane)
    await AssignmentDayNote.create({
      projectId: a.id,
      projectCrewId: bookingA.id,
      date: '2025-05-10',
      isScheduled: false,
    })
    // A note alone does not unschedule the day.
    await AssignmentDayNote.create({
      projectId: a.id,
      projectCrewId: bookingA.id,
      date: '2025-05-11',
      note: 'Half day',
      isScheduled: true,
    })
    assert.deepEqual(summary(await conflictsOf(client, session)), [
      ['2025-05-11', jane.id, sorted(a, b)],
    ])
  })

  test('a status that does not book the person is no conflict; no status books', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const { jane, a, b, bookingA } = await doubleBooked()
    bookingA.statusId = await statusId('Asked')
    await bookingA.save()
    assert.deepEqual(await conflictsOf(client, session), [])

    bookingA.statusId = await statusId('Confirmed')
    await bookingA.save()
    assert.deepEqual(summary(await conflictsOf(client, session)), [
      ['2025-05-10', jane.id, sorted(a, b)],
    ])
  })

  test('a trashed project or a trashed person has no conflicts', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const first = await doubleBooked()
    await trash(first.b)
    const second = await doubleBooked(await createCrew())
    await trash(second.jane)
    assert.deepEqual(await conflictsOf(client, session), [])
  })

  test('vendors conflict too', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const trucks = await createVendor({ name: 'Trucks' })
    const a = await createProject('2025-05-10', '2025-05-10')
    const b = await createProject('2025-05-10', '2025-05-10')
    await assignVendor(a, trucks)
    await assignVendor(b, trucks)
    const conflicts = await conflictsOf(client, session)
    assert.deepEqual(
      conflicts.map((conflict) => [conflict.kind, conflict.resourceId]),
      [['vendor', trucks.id]]
    )
  })

  test('three projects on one day are one conflict; days are clipped to the range', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const jane = await createCrew({ name: 'Jane' })
    const a = await createProject('2025-04-28', '2025-05-02')
    const b = await createProject('2025-04-29', '2025-05-01')
    const c = await createProject('2025-05-01', '2025-05-01')
    for (const project of [a, b, c]) {
      await assignCrew(project, jane)
    }
    assert.deepEqual(summary(await conflictsOf(client, session)), [
      ['2025-05-01', jane.id, sorted(a, b, c)],
    ])
    assert.deepEqual(summary(await conflictsOf(client, session, 'from=2025-04-01&to=2025-04-30')), [
      ['2025-04-29', jane.id, sorted(a, b)],
      ['2025-04-30', jane.id, sorted(a, b)],
    ])
  })

  test('a long booking clashes with each later one it spans, not only the next', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const jane = await createCrew({ name: 'Jane' })
    const long = await createProject('2025-05-01', '2025-05-20')
    const early = await createProject('2025-05-03', '2025-05-03')
    const late = await createProject('2025-05-15', '2025-05-15')
    const free = await createProject('2025-05-25', '2025-05-26')
    const other = await createCrew({ name: 'Other' })
    for (const project of [long, early, late, free]) {
      await assignCrew(project, jane)
    }
    // Someone else on the same days is no clash of Jane's.
    await assignCrew(early, other)
    assert.deepEqual(summary(await conflictsOf(client, session)), [
      ['2025-05-03', jane.id, sorted(long, early)],
      ['2025-05-15', jane.id, sorted(long, late)],
    ])
  })

  test('conflicts come by date, then by name', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const zoe = await createCrew({ name: 'Zoe' })
    const adam = await createCrew({ name: 'adam' })
    const a = await createProject('2025-05-10', '2025-05-11')
    const b = await createProject('2025-05-10', '2025-05-11')
    for (const person of [zoe, adam]) {
      await assignCrew(a, person)
      await assignCrew(b, person)
    }
    const conflicts = await conflictsOf(client, session)
    assert.deepEqual(
      conflicts.map((conflict) => [conflict.date, conflict.resourceId]),
      [
        ['2025-05-10', adam.id],
        ['2025-05-10', zoe.id],
        ['2025-05-11', adam.id],
        ['2025-05-11', zoe.id],
      ]
    )
  })

  test('the range defaults to today and a year on; longer than 400 days or backwards is 422', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const defaults = await client.get('/api/conflicts-data').withSession(session)
    defaults.assertStatus(200)
    assert.equal(defaults.body().from, today())
    assert.equal(defaults.body().to, addDays(today(), 365))

    const cases: [string, string, string][] = [
      ['from=2025-01-01&to=2026-02-06', 'to', 'rangeLength'],
      ['from=2025-05-02&to=2025-05-01', 'to', 'rangeOrder'],
      [`to=${addDays(today(), 401)}`, 'to', 'rangeLength'],
      ['from=2025-13-01', 'from', 'calendarDay'],
      ['includeResolved=maybe', 'includeResolved', 'boolean'],
    ]
    for (const [query, field, rule] of cases) {
      const response = await client.get(`/api/conflicts-data?${query}`).withSession(session)
      response.assertStatus(422)
      assert.containSubset(response.body().errors, [{ field, rule }], query)
    }
  })
})

test.group('conflicts: resolutions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a resolved conflict leaves the open list and shows with includeResolved', async ({
    client,
    assert,
  }) => {
    const { session, user } = await schedulePerson('staff')
    const { jane, a, b } = await doubleBooked()
    const response = await client
      .post('/api/conflict-resolutions')
      .json({
        kind: 'crew',
        resourceId: jane.id,
        date: '2025-05-10',
        projectIds: [Math.max(a.id, b.id), Math.min(a.id, b.id)],
        note: 'Half day each',
      })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(201)
    const resolution = response.body()
    assert.containSubset(resolution, {
      kind: 'crew',
      resourceId: jane.id,
      date: '2025-05-10',
      projectIds: sorted(a, b),
      note: 'Half day each',
      resolvedBy: user.id,
      resolvedByName: user.displayName,
    })
    assert.isString(resolution.createdAt)

    assert.deepEqual(await conflictsOf(client, session), [])
    const all = await conflictsOf(
      client,
      session,
      'from=2025-05-01&to=2025-05-31&includeResolved=true'
    )
    assert.lengthOf(all, 1)
    assert.containSubset(all[0], {
      resolution: { id: resolution.id, note: 'Half day each', resolvedByName: user.displayName },
    })

    const [log] = await ActivityLog.query().where('action', 'resolve')
    assert.equal(log.entityType, 'conflict_resolution')
    assert.equal(log.summary, `Marked Jane's double booking on 10 May 2025 ("A", "B") as resolved`)
  })

  test('a set that is not a current conflict is 422; resolving twice is 409', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const { jane, a, b } = await doubleBooked()
    const c = await createProject('2025-05-10', '2025-05-10')
    const resolve = (body: Record<string, unknown>) =>
      client
        .post('/api/conflict-resolutions')
        .json({ kind: 'crew', resourceId: jane.id, date: '2025-05-10', ...body })
        .withSession(session)
        .withCsrfToken()

    const cases: [Record<string, unknown>, string, string][] = [
      [{ projectIds: [a.id, c.id] }, 'projectIds', 'conflict'],
      [{ projectIds: [a.id, b.id], date: '2025-05-09' }, 'projectIds', 'conflict'],
      [{ projectIds: [a.id, b.id], kind: 'vendor' }, 'projectIds', 'conflict'],
      [{ projectIds: [a.id] }, 'projectIds', 'array.minLength'],
      [{ projectIds: [a.id, b.id], date: 'soon' }, 'date', 'calendarDay'],
    ]
    for (const [body, field, rule] of cases) {
      const response = await resolve(body)
      response.assertStatus(422)
      assert.containSubset(response.body().errors, [{ field, rule }], JSON.stringify(body))
    }

    const first = await resolve({ projectIds: [a.id, b.id] })
    first.assertStatus(201)
    const twice = await resolve({ projectIds: [a.id, b.id] })
    twice.assertStatus(409)
    twice.assertBody({ message: 'This conflict is already resolved' })
    assert.lengthOf(await ConflictResolution.all(), 1)
  })

  test('a third project on the day opens the conflict again, as a new set', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const { jane, a, b } = await doubleBooked()
    await ConflictResolution.create({
      resourceType: 'crew',
      resourceId: jane.id,
      date: '2025-05-10',
      projectIds: sorted(a, b),
    })
    assert.deepEqual(await conflictsOf(client, session), [])

    const c = await createProject('2025-05-10', '2025-05-10')
    const booking = await assignCrew(c, jane)
    assert.deepEqual(summary(await conflictsOf(client, session)), [
      ['2025-05-10', jane.id, sorted(a, b, c)],
    ])

    // When the third booking goes, the old resolution covers the day again.
    await booking.delete()
    assert.deepEqual(await conflictsOf(client, session), [])
  })

  test('resolutions are listed by range and reopened by delete', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const { jane, a, b } = await doubleBooked()
    const may = await ConflictResolution.create({
      resourceType: 'crew',
      resourceId: jane.id,
      date: '2025-05-10',
      projectIds: sorted(a, b),
      note: 'ok',
    })
    await ConflictResolution.create({
      resourceType: 'vendor',
      resourceId: 1,
      date: '2025-07-01',
      projectIds: [1, 2],
    })
    const list = await client
      .get('/api/conflict-resolutions?from=2025-05-01&to=2025-05-31')
      .withSession(session)
    list.assertStatus(200)
    assert.deepEqual(
      list
        .body()
        .map((resolution: { id: number; kind: string; projectIds: number[] }) => [
          resolution.id,
          resolution.kind,
          resolution.projectIds,
        ]),
      [[may.id, 'crew', sorted(a, b)]]
    )
    const tooLong = await client
      .get('/api/conflict-resolutions?from=2025-01-01&to=2026-12-31')
      .withSession(session)
    tooLong.assertStatus(422)

    const removed = await client
      .delete(`/api/conflict-resolutions/${may.id}`)
      .withSession(session)
      .withCsrfToken()
    removed.assertStatus(200)
    removed.assertBody({ success: true })
    assert.lengthOf(await conflictsOf(client, session), 1)
    const [log] = await ActivityLog.query().where('action', 'unresolve')
    assert.equal(log.summary, `Reopened Jane's double booking on 10 May 2025`)

    const again = await client
      .delete(`/api/conflict-resolutions/${may.id}`)
      .withSession(session)
      .withCsrfToken()
    again.assertStatus(404)
    again.assertBody({ message: 'Conflict resolution not found' })
  })
})
