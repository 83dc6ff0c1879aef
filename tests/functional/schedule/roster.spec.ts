import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import ActivityLog from '#models/schedule/activity_log'
import AssignmentDayNote from '#models/schedule/assignment_day_note'
import ProjectCrew from '#models/schedule/project_crew'
import ProjectVendor from '#models/schedule/project_vendor'
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

async function dayNote(
  assignment: ProjectCrew,
  date: string,
  fields: { note?: string | null; isScheduled?: boolean } = {}
) {
  return AssignmentDayNote.create({
    projectId: assignment.projectId,
    projectCrewId: assignment.id,
    date,
    note: fields.note ?? null,
    isScheduled: fields.isScheduled ?? true,
  })
}

async function logsOf(action: string) {
  return ActivityLog.query().where('action', action).orderBy('id')
}

test.group('roster: access', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every roster route answers 401 without a session', async ({ client, assert }) => {
    const project = await createProject('2025-05-01', '2025-05-03')
    const booking = await assignCrew(project, await createCrew())
    const base = `/api/projects/${project.id}`
    const requests = [
      client.get(`${base}/roster`),
      client.post(`${base}/crew`).json({ crewId: 1 }).withCsrfToken(),
      client.patch(`${base}/crew/${booking.id}`).json({ notes: 'x' }).withCsrfToken(),
      client.delete(`${base}/crew/${booking.id}`).withCsrfToken(),
      client.post(`${base}/vendors`).json({ vendorId: 1 }).withCsrfToken(),
      client.patch(`${base}/vendors/1`).json({ notes: 'x' }).withCsrfToken(),
      client.delete(`${base}/vendors/1`).withCsrfToken(),
      client.put(`${base}/roster/order`).json({ entries: [] }).withCsrfToken(),
      client.post(`${base}/roster/move`).json({}).withCsrfToken(),
    ]
    for (const request of requests) {
      const response = await request
      response.assertStatus(401)
      response.assertBody({ message: 'Not authenticated' })
    }
    assert.isNotNull(await ProjectCrew.find(booking.id))
    assert.lengthOf(await ActivityLog.all(), 0)
  })
})

test.group('roster: list and add', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the roster lists crew and vendors in one order, without people in the trash', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const jane = await createCrew({ name: 'Jane' })
    const gone = await createCrew({ name: 'Gone' })
    const trucks = await createVendor({ name: 'Trucks' })
    const second = await assignCrew(project, jane, { sortOrder: 2 })
    const first = await assignVendor(project, trucks, { sortOrder: 1 })
    await assignCrew(project, gone, { sortOrder: 0 })
    await trash(gone)

    const response = await client.get(`/api/projects/${project.id}/roster`).withSession(session)
    response.assertStatus(200)
    assert.deepEqual(response.body(), [
      {
        kind: 'vendor',
        id: first.id,
        resourceId: trucks.id,
        name: 'Trucks',
        statusId: null,
        crewRoleId: null,
        notes: null,
        sortOrder: 1,
        dayNotes: [],
      },
      {
        kind: 'crew',
        id: second.id,
        resourceId: jane.id,
        name: 'Jane',
        statusId: null,
        crewRoleId: null,
        notes: null,
        sortOrder: 2,
        dayNotes: [],
      },
    ])
  })

  test('an unknown or trashed project has no roster (404)', async ({ client }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    await trash(project)
    const crew = await createCrew()
    for (const id of [999999, project.id]) {
      const response = await client.get(`/api/projects/${id}/roster`).withSession(session)
      response.assertStatus(404)
      response.assertBody({ message: 'Project not found' })
      const add = await client
        .post(`/api/projects/${id}/crew`)
        .json({ crewId: crew.id })
        .withSession(session)
        .withCsrfToken()
      add.assertStatus(404)
    }
  })

  test('adding crew books them last with the default status, logs it and answers conflicts', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03', { name: 'Ad' })
    const other = await createProject('2025-05-03', '2025-05-04', { name: 'Film' })
    const jane = await createCrew({ name: 'Jane' })
    await assignVendor(project, await createVendor(), { sortOrder: 7 })
    await assignCrew(other, jane)

    const response = await client
      .post(`/api/projects/${project.id}/crew`)
      .json({ crewId: jane.id, notes: 'Gaffer' })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(201)
    const { entry, conflicts } = response.body()
    assert.containSubset(entry, {
      kind: 'crew',
      resourceId: jane.id,
      name: 'Jane',
      statusId: await statusId('Pencilled'),
      notes: 'Gaffer',
      sortOrder: 8,
      dayNotes: [],
    })
    assert.deepEqual(
      conflicts.map((conflict: { date: string; resourceId: number }) => [
        conflict.date,
        conflict.resourceId,
      ]),
      [['2025-05-03', jane.id]]
    )
    const [log] = await logsOf('assign')
    assert.equal(log.summary, 'Added Jane to "Ad"')
    assert.equal(log.entityType, 'project_crew')
    assert.equal(log.entityId, String(entry.id))
    assert.equal(log.projectId, project.id)
    assert.deepEqual(log.changes!.crewId, { from: null, to: jane.id })
  })

  test('a status and role may be given; a null status is kept', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const [role] = await db.table('crew_roles').insert({ name: 'Grip' }).returning('id')
    const [first, second] = [await createCrew(), await createCrew()]
    const confirmed = await client
      .post(`/api/projects/${project.id}/crew`)
      .json({
        crewId: first.id,
        statusId: await statusId('Confirmed'),
        crewRoleId: role.id,
      })
      .withSession(session)
      .withCsrfToken()
    assert.containSubset(confirmed.body().entry, {
      statusId: await statusId('Confirmed'),
      crewRoleId: role.id,
    })
    const none = await client
      .post(`/api/projects/${project.id}/crew`)
      .json({ crewId: second.id, statusId: null })
      .withSession(session)
      .withCsrfToken()
    assert.isNull(none.body().entry.statusId)
  })

  test("a crew member's booking starts with their directory role unless one is given", async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const [gaffer, grip] = await db
      .table('crew_roles')
      .multiInsert([{ name: 'Gaffer' }, { name: 'Grip' }])
      .returning('id')
    const ravi = await createCrew({ name: 'Ravi', crewRoleId: gaffer.id })
    const sam = await createCrew({ name: 'Sam', crewRoleId: gaffer.id })
    const noRole = await createCrew({ name: 'Noor' })
    const add = (body: Record<string, unknown>) =>
      client
        .post(`/api/projects/${project.id}/crew`)
        .json(body)
        .withSession(session)
        .withCsrfToken()

    const defaulted = await add({ crewId: ravi.id })
    defaulted.assertStatus(201)
    assert.equal(defaulted.body().entry.crewRoleId, gaffer.id)
    const [log] = await logsOf('assign')
    assert.deepEqual(log.changes!.crewRoleId, { from: null, to: gaffer.id })

    const chosen = await add({ crewId: sam.id, crewRoleId: grip.id })
    assert.equal(chosen.body().entry.crewRoleId, grip.id)
    const none = await add({ crewId: noRole.id })
    assert.isNull(none.body().entry.crewRoleId)

    const roster = await client.get(`/api/projects/${project.id}/roster`).withSession(session)
    assert.deepEqual(
      roster
        .body()
        .map((entry: { name: string; crewRoleId: number | null }) => [
          entry.name,
          entry.crewRoleId,
        ]),
      [
        ['Ravi', gaffer.id],
        ['Sam', grip.id],
        ['Noor', null],
      ]
    )
  })

  test('adding a vendor works the same way', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const trucks = await createVendor({ name: 'Trucks' })
    const response = await client
      .post(`/api/projects/${project.id}/vendors`)
      .json({ vendorId: trucks.id })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(201)
    assert.containSubset(response.body().entry, {
      kind: 'vendor',
      resourceId: trucks.id,
      name: 'Trucks',
      crewRoleId: null,
      sortOrder: 1,
    })
    assert.deepEqual(response.body().conflicts, [])
    const again = await client
      .post(`/api/projects/${project.id}/vendors`)
      .json({ vendorId: trucks.id })
      .withSession(session)
      .withCsrfToken()
    again.assertStatus(409)
    again.assertBody({ message: 'Already on this project' })
  })

  test('someone already on the project is 409; unknown or trashed people and statuses are 422', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const jane = await createCrew()
    await assignCrew(project, jane)
    const duplicate = await client
      .post(`/api/projects/${project.id}/crew`)
      .json({ crewId: jane.id })
      .withSession(session)
      .withCsrfToken()
    duplicate.assertStatus(409)
    duplicate.assertBody({ message: 'Already on this project' })

    const gone = await createCrew()
    await trash(gone)
    const free = await createCrew()
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'crewId', 'required'],
      [{ crewId: 999999 }, 'crewId', 'exists'],
      [{ crewId: gone.id }, 'crewId', 'exists'],
      [{ crewId: free.id, statusId: 999999 }, 'statusId', 'exists'],
      [{ crewId: free.id, crewRoleId: 999999 }, 'crewRoleId', 'exists'],
      [{ crewId: 'abc' }, 'crewId', 'number'],
    ]
    for (const [body, field, rule] of cases) {
      const response = await client
        .post(`/api/projects/${project.id}/crew`)
        .json(body)
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(422)
      assert.containSubset(response.body().errors, [{ field, rule }], JSON.stringify(body))
    }
    assert.lengthOf(await ProjectCrew.query().where('project_id', project.id), 1)
  })
})

test.group('roster: update and remove', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a status change is saved and logged with the status names', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03', { name: 'Ad' })
    const jane = await createCrew({ name: 'Jane' })
    const booking = await assignCrew(project, jane, { statusId: await statusId('Pencilled') })
    const response = await client
      .patch(`/api/projects/${project.id}/crew/${booking.id}`)
      .json({ statusId: await statusId('Confirmed'), notes: 'Day rate agreed' })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.containSubset(response.body().entry, {
      id: booking.id,
      statusId: await statusId('Confirmed'),
      notes: 'Day rate agreed',
    })
    assert.deepEqual(response.body().conflicts, [])
    const [log] = await logsOf('update')
    assert.equal(log.summary, 'Updated Jane on "Ad": status Pencilled → Confirmed, notes')
    assert.deepEqual(log.changes, {
      statusId: { from: await statusId('Pencilled'), to: await statusId('Confirmed') },
      notes: { from: null, to: 'Day rate agreed' },
    })
  })

  test('a role change is logged with the role names, never the field name', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03', { name: 'Ad' })
    const [gaffer, grip] = await db
      .table('crew_roles')
      .multiInsert([{ name: 'Gaffer' }, { name: 'Grip' }])
      .returning('id')
    const booking = await assignCrew(project, await createCrew({ name: 'Jane' }), {
      crewRoleId: gaffer.id,
    })
    const response = await client
      .patch(`/api/projects/${project.id}/crew/${booking.id}`)
      .json({ crewRoleId: grip.id, statusId: await statusId('Confirmed') })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)

    const logs = await client.get(`/api/activity-logs?projectId=${project.id}`).withSession(session)
    const [latest] = logs.body().data
    assert.equal(
      latest.summary,
      'Updated Jane on "Ad": status none → Confirmed, crew role Gaffer → Grip'
    )
    assert.notInclude(latest.summary, 'crewRoleId')
  })

  test('crewId hands the booking with its day notes to someone else', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03', { name: 'Ad' })
    const jane = await createCrew({ name: 'Jane' })
    const bob = await createCrew({ name: 'Bob' })
    const booking = await assignCrew(project, jane)
    await dayNote(booking, '2025-05-02', { note: 'Early' })
    const response = await client
      .patch(`/api/projects/${project.id}/crew/${booking.id}`)
      .json({ crewId: bob.id })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.containSubset(response.body().entry, {
      id: booking.id,
      resourceId: bob.id,
      name: 'Bob',
      dayNotes: [{ date: '2025-05-02', note: 'Early', isScheduled: true }],
    })
    const [log] = await logsOf('update')
    assert.equal(log.summary, `Handed Jane's booking on "Ad" to Bob`)
    assert.deepEqual(log.changes, { crewId: { from: jane.id, to: bob.id } })
  })

  test('handing a booking to someone on the project is 409, to someone trashed 422', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const jane = await createCrew()
    const bob = await createCrew()
    const gone = await createCrew()
    await trash(gone)
    const booking = await assignCrew(project, jane)
    await assignCrew(project, bob)
    const taken = await client
      .patch(`/api/projects/${project.id}/crew/${booking.id}`)
      .json({ crewId: bob.id })
      .withSession(session)
      .withCsrfToken()
    taken.assertStatus(409)
    taken.assertBody({ message: 'Already on this project' })
    const trashed = await client
      .patch(`/api/projects/${project.id}/crew/${booking.id}`)
      .json({ crewId: gone.id })
      .withSession(session)
      .withCsrfToken()
    trashed.assertStatus(422)
    assert.containSubset(trashed.body().errors, [{ field: 'crewId', rule: 'exists' }])
    await booking.refresh()
    assert.equal(booking.crewId, jane.id)
  })

  test("an assignment of another project, a trashed person's or a vendor's id as crew is 404", async ({
    client,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const other = await createProject('2025-05-01', '2025-05-03')
    const elsewhere = await assignCrew(other, await createCrew())
    const gone = await createCrew()
    const hidden = await assignCrew(project, gone)
    await trash(gone)
    const vendorBooking = await assignVendor(project, await createVendor())
    for (const url of [
      `/api/projects/${project.id}/crew/${elsewhere.id}`,
      `/api/projects/${project.id}/crew/${hidden.id}`,
      `/api/projects/${project.id}/crew/${vendorBooking.id + 100000}`,
    ]) {
      const patch = await client
        .patch(url)
        .json({ notes: 'x' })
        .withSession(session)
        .withCsrfToken()
      patch.assertStatus(404)
      patch.assertBody({ message: 'Assignment not found' })
      const remove = await client.delete(url).withSession(session).withCsrfToken()
      remove.assertStatus(404)
    }
  })

  test('removing a booking drops it and its day notes, logged once', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03', { name: 'Ad' })
    const trucks = await createVendor({ name: 'Trucks' })
    const booking = await assignVendor(project, trucks)
    await AssignmentDayNote.create({
      projectId: project.id,
      projectVendorId: booking.id,
      date: '2025-05-02',
      isScheduled: false,
    })
    const response = await client
      .delete(`/api/projects/${project.id}/vendors/${booking.id}`)
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    response.assertBody({ success: true })
    assert.isNull(await ProjectVendor.find(booking.id))
    assert.lengthOf(await AssignmentDayNote.all(), 0)
    const [log] = await logsOf('unassign')
    assert.equal(log.summary, 'Removed Trucks from "Ad"')
    const again = await client
      .delete(`/api/projects/${project.id}/vendors/${booking.id}`)
      .withSession(session)
      .withCsrfToken()
    again.assertStatus(404)
  })
})

test.group('roster: order', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the order of crew and vendors is set in one go', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const a = await assignCrew(project, await createCrew(), { sortOrder: 1 })
    const b = await assignVendor(project, await createVendor(), { sortOrder: 2 })
    const c = await assignCrew(project, await createCrew(), { sortOrder: 3 })
    const order = [
      { kind: 'crew', id: c.id },
      { kind: 'crew', id: a.id },
      { kind: 'vendor', id: b.id },
    ]
    const response = await client
      .put(`/api/projects/${project.id}/roster/order`)
      .json({ entries: order })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.deepEqual(
      response.body().map((entry: { kind: string; id: number; sortOrder: number }) => ({
        kind: entry.kind,
        id: entry.id,
      })),
      order
    )
    assert.deepEqual(
      response.body().map((entry: { sortOrder: number }) => entry.sortOrder),
      [1, 2, 3]
    )
    const [log] = await logsOf('reorder')
    assert.equal(log.entityType, 'roster')
    assert.equal(log.projectId, project.id)
    assert.property(log.changes, 'order')
  })

  test('an order that misses, repeats or invents an entry is 422 and changes nothing', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const a = await assignCrew(project, await createCrew(), { sortOrder: 1 })
    const b = await assignVendor(project, await createVendor(), { sortOrder: 2 })
    const elsewhere = await assignCrew(
      await createProject('2025-05-01', '2025-05-03'),
      await createCrew()
    )
    for (const entries of [
      [{ kind: 'crew', id: a.id }],
      [
        { kind: 'crew', id: a.id },
        { kind: 'crew', id: a.id },
      ],
      [
        { kind: 'crew', id: a.id },
        { kind: 'vendor', id: b.id },
        { kind: 'crew', id: elsewhere.id },
      ],
      [
        { kind: 'vendor', id: a.id },
        { kind: 'vendor', id: b.id },
      ],
    ]) {
      const response = await client
        .put(`/api/projects/${project.id}/roster/order`)
        .json({ entries })
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(422)
      assert.containSubset(response.body().errors, [{ field: 'entries', rule: 'sameEntries' }])
    }
    await a.refresh()
    assert.equal(a.sortOrder, 1)
    assert.lengthOf(await logsOf('reorder'), 0)
  })
})

test.group('roster: move', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a booking moves to another person with its day notes, answering their conflicts', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03', { name: 'Ad' })
    const other = await createProject('2025-05-03', '2025-05-05', { name: 'Film' })
    const jane = await createCrew({ name: 'Jane' })
    const bob = await createCrew({ name: 'Bob' })
    const kim = await createCrew({ name: 'Kim' })
    const booking = await assignCrew(project, jane)
    await dayNote(booking, '2025-05-01', { note: 'Early' })
    await assignCrew(other, bob)
    // Kim's conflict on this project is not about the move's target.
    await assignCrew(project, kim)
    await assignCrew(other, kim)

    const response = await client
      .post(`/api/projects/${project.id}/roster/move`)
      .json({ kind: 'crew', assignmentId: booking.id, toResourceId: bob.id })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    const { entry, conflicts } = response.body()
    assert.containSubset(entry, {
      id: booking.id,
      resourceId: bob.id,
      name: 'Bob',
      dayNotes: [{ date: '2025-05-01', note: 'Early' }],
    })
    assert.deepEqual(
      conflicts.map((conflict: { resourceId: number; date: string }) => [
        conflict.resourceId,
        conflict.date,
      ]),
      [[bob.id, '2025-05-03']]
    )
    const logs = await ActivityLog.all()
    assert.lengthOf(logs, 1)
    assert.equal(logs[0].action, 'move')
    assert.equal(logs[0].summary, `Moved Jane's booking on "Ad" from Jane to Bob`)
    assert.deepEqual(logs[0].changes, { crewId: { from: jane.id, to: bob.id } })
  })

  test('a day moves: the old day is unscheduled, the new one worked with the note', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-05', { name: 'Ad' })
    const jane = await createCrew({ name: 'Jane' })
    const booking = await assignCrew(project, jane)
    await dayNote(booking, '2025-05-02', { note: 'Bring the van' })
    await dayNote(booking, '2025-05-04', { isScheduled: false })

    const response = await client
      .post(`/api/projects/${project.id}/roster/move`)
      .json({
        kind: 'crew',
        assignmentId: booking.id,
        fromDate: '2025-05-02',
        toDate: '2025-05-04',
      })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.deepEqual(
      response
        .body()
        .entry.dayNotes.map((note: { date: string; note: string | null; isScheduled: boolean }) => [
          note.date,
          note.note,
          note.isScheduled,
        ]),
      [
        ['2025-05-02', null, false],
        ['2025-05-04', 'Bring the van', true],
      ]
    )
    const [log] = await logsOf('move')
    assert.equal(log.summary, `Moved Jane's booking on "Ad" from 2 May 2025 to 4 May 2025`)
    assert.deepEqual(log.changes, { date: { from: '2025-05-02', to: '2025-05-04' } })

    // Moving back onto a day without a note leaves no row for it.
    const back = await client
      .post(`/api/projects/${project.id}/roster/move`)
      .json({
        kind: 'crew',
        assignmentId: booking.id,
        fromDate: '2025-05-03',
        toDate: '2025-05-02',
      })
      .withSession(session)
      .withCsrfToken()
    back.assertStatus(200)
    assert.deepEqual(
      back
        .body()
        .entry.dayNotes.map((note: { date: string; isScheduled: boolean }) => [
          note.date,
          note.isScheduled,
        ]),
      [
        ['2025-05-03', false],
        ['2025-05-04', true],
      ]
    )
  })

  test('person and day move together in one transaction and one entry', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-05', { name: 'Ad' })
    const jane = await createCrew({ name: 'Jane' })
    const bob = await createCrew({ name: 'Bob' })
    const booking = await assignCrew(project, jane)
    const response = await client
      .post(`/api/projects/${project.id}/roster/move`)
      .json({
        kind: 'crew',
        assignmentId: booking.id,
        toResourceId: bob.id,
        fromDate: '2025-05-01',
        toDate: '2025-05-03',
      })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.equal(response.body().entry.resourceId, bob.id)
    const logs = await ActivityLog.all()
    assert.lengthOf(logs, 1)
    assert.equal(
      logs[0].summary,
      `Moved Jane's booking on "Ad" from Jane to Bob and from 1 May 2025 to 3 May 2025`
    )

    // The person is valid but the day is not: nothing of the move stays.
    const kim = await createCrew()
    const failed = await client
      .post(`/api/projects/${project.id}/roster/move`)
      .json({
        kind: 'crew',
        assignmentId: booking.id,
        toResourceId: kim.id,
        fromDate: '2025-05-02',
        toDate: '2025-05-09',
      })
      .withSession(session)
      .withCsrfToken()
    failed.assertStatus(422)
    assert.containSubset(failed.body().errors, [
      { field: 'toDate', message: 'The project does not run on 9 May 2025', rule: 'projectDay' },
    ])
    await booking.refresh()
    assert.equal(booking.crewId, bob.id)
    assert.lengthOf(await ActivityLog.all(), 1)
  })

  test('moves that cannot be done answer 409, 422 or 404', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-05')
    const jane = await createCrew({ name: 'Jane' })
    const bob = await createCrew()
    const gone = await createCrew()
    await trash(gone)
    const booking = await assignCrew(project, jane)
    await assignCrew(project, bob)
    await dayNote(booking, '2025-05-03', { isScheduled: false })
    const move = (body: Record<string, unknown>) =>
      client
        .post(`/api/projects/${project.id}/roster/move`)
        .json({ kind: 'crew', assignmentId: booking.id, ...body })
        .withSession(session)
        .withCsrfToken()

    const taken = await move({ toResourceId: bob.id })
    taken.assertStatus(409)
    taken.assertBody({ message: 'Already on this project' })

    const cases: [Record<string, unknown>, string, string][] = [
      [{ toResourceId: gone.id }, 'toResourceId', 'exists'],
      [{ toResourceId: 999999 }, 'toResourceId', 'exists'],
      [{ fromDate: '2025-05-03', toDate: '2025-05-04' }, 'fromDate', 'scheduledDay'],
      [{ fromDate: '2025-04-30', toDate: '2025-05-04' }, 'fromDate', 'scheduledDay'],
      [{ fromDate: '2025-05-01', toDate: '2025-05-06' }, 'toDate', 'projectDay'],
      [{ fromDate: '2025-05-01' }, 'toDate', 'required'],
      [{}, 'toResourceId', 'move'],
      [{ toResourceId: jane.id }, 'toResourceId', 'move'],
      [{ kind: 'robot' }, 'kind', 'enum'],
    ]
    for (const [body, field, rule] of cases) {
      const response = await move(body)
      response.assertStatus(422)
      assert.containSubset(response.body().errors, [{ field, rule }], JSON.stringify(body))
    }
    const unknown = await move({ assignmentId: 999999, toResourceId: bob.id })
    unknown.assertStatus(404)
    unknown.assertBody({ message: 'Assignment not found' })
    assert.lengthOf(await ActivityLog.all(), 0)
  })

  test('a vendor booking moves to another vendor', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-05')
    const first = await createVendor()
    const second = await createVendor()
    const booking = await assignVendor(project, first)
    const response = await client
      .post(`/api/projects/${project.id}/roster/move`)
      .json({ kind: 'vendor', assignmentId: booking.id, toResourceId: second.id })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.equal(response.body().entry.resourceId, second.id)
    await booking.refresh()
    assert.equal(booking.vendorId, second.id)
  })
})
