import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ActivityLog from '#models/schedule/activity_log'
import AssignmentDayNote from '#models/schedule/assignment_day_note'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  assignCrew,
  assignVendor,
  createCrew,
  createProject,
  createVendor,
  trash,
} from '#tests/helpers/schedule_records'

test.group('day notes', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the day note routes answer 401 without a session', async ({ client, assert }) => {
    const requests = [
      client.get('/api/notes?projectId=1'),
      client.put('/api/notes').json({}).withCsrfToken(),
      client.delete('/api/notes/1').withCsrfToken(),
    ]
    for (const request of requests) {
      const response = await request
      response.assertStatus(401)
      response.assertBody({ message: 'Not authenticated' })
    }
    assert.lengthOf(await AssignmentDayNote.all(), 0)
  })

  test('a note is created, changed and logged; the list shows it', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03', { name: 'Ad' })
    const jane = await createCrew({ name: 'Jane' })
    const booking = await assignCrew(project, jane)
    const put = (body: Record<string, unknown>) =>
      client
        .put('/api/notes')
        .json({ kind: 'crew', assignmentId: booking.id, date: '2025-05-02', ...body })
        .withSession(session)
        .withCsrfToken()

    const created = await put({ note: 'Early call' })
    created.assertStatus(200)
    const note = created.body().note
    assert.deepEqual(note, {
      id: note.id,
      projectId: project.id,
      kind: 'crew',
      assignmentId: booking.id,
      date: '2025-05-02',
      note: 'Early call',
      isScheduled: true,
    })
    assert.deepEqual(created.body().conflicts, [])

    const changed = await put({ isScheduled: false })
    assert.containSubset(changed.body().note, {
      id: note.id,
      note: 'Early call',
      isScheduled: false,
    })

    const list = await client.get(`/api/notes?projectId=${project.id}`).withSession(session)
    list.assertStatus(200)
    assert.deepEqual(list.body(), [{ ...note, isScheduled: false }])

    const logs = await ActivityLog.query().where('entity_type', 'assignment_day_note').orderBy('id')
    assert.deepEqual(
      logs.map((log) => log.summary),
      ['Noted 2 May 2025 for Jane on "Ad"', `Took 2 May 2025 off Jane's booking on "Ad"`]
    )
    assert.deepEqual(logs[1].changes, { isScheduled: { from: true, to: false } })
  })

  test('a row that carries nothing is removed and answered as null', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const booking = await assignVendor(project, await createVendor())
    await AssignmentDayNote.create({
      projectId: project.id,
      projectVendorId: booking.id,
      date: '2025-05-01',
      note: 'Hold',
      isScheduled: false,
    })
    const response = await client
      .put('/api/notes')
      .json({
        kind: 'vendor',
        assignmentId: booking.id,
        date: '2025-05-01',
        note: '',
        isScheduled: true,
      })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.isNull(response.body().note)
    assert.lengthOf(await AssignmentDayNote.all(), 0)
  })

  test('unscheduling a day answers the conflicts left; scheduling it again brings it back', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const jane = await createCrew()
    const a = await createProject('2025-05-01', '2025-05-02')
    const b = await createProject('2025-05-02', '2025-05-03')
    const booking = await assignCrew(a, jane)
    await assignCrew(b, jane)
    const put = (isScheduled: boolean) =>
      client
        .put('/api/notes')
        .json({ kind: 'crew', assignmentId: booking.id, date: '2025-05-02', isScheduled })
        .withSession(session)
        .withCsrfToken()
    const off = await put(false)
    assert.deepEqual(off.body().conflicts, [])
    const on = await put(true)
    assert.isNull(on.body().note)
    assert.deepEqual(
      on.body().conflicts.map((conflict: { date: string }) => conflict.date),
      ['2025-05-02']
    )
  })

  test('a day outside the project, an unknown or hidden booking or a bad body is 422', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const booking = await assignCrew(project, await createCrew())
    const gone = await createCrew()
    const hidden = await assignCrew(project, gone)
    await trash(gone)
    const binned = await createProject('2025-05-01', '2025-05-03')
    const binnedBooking = await assignCrew(binned, await createCrew())
    await trash(binned)
    const cases: [Record<string, unknown>, string, string][] = [
      [{ assignmentId: booking.id, date: '2025-05-04' }, 'date', 'projectDay'],
      [{ assignmentId: booking.id, date: '2025-04-30' }, 'date', 'projectDay'],
      [{ assignmentId: 999999, date: '2025-05-02' }, 'assignmentId', 'exists'],
      [{ assignmentId: hidden.id, date: '2025-05-02' }, 'assignmentId', 'exists'],
      [{ assignmentId: binnedBooking.id, date: '2025-05-02' }, 'assignmentId', 'exists'],
      [{ assignmentId: booking.id, date: '2025-05-02', kind: 'vendor' }, 'assignmentId', 'exists'],
      [{ assignmentId: booking.id, date: '2025-05-02', kind: 'x' }, 'kind', 'enum'],
      [
        { assignmentId: booking.id, date: '2025-05-02', isScheduled: 'perhaps' },
        'isScheduled',
        'boolean',
      ],
      [
        { assignmentId: booking.id, date: '2025-05-02', note: 'x'.repeat(10_001) },
        'note',
        'maxLength',
      ],
    ]
    for (const [body, field, rule] of cases) {
      const response = await client
        .put('/api/notes')
        .json({ kind: 'crew', note: 'x', ...body })
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(422)
      assert.containSubset(response.body().errors, [{ field, rule }], JSON.stringify(body))
    }
    assert.lengthOf(await AssignmentDayNote.all(), 0)

    const missing = await client.get('/api/notes').withSession(session)
    missing.assertStatus(422)
    const unknown = await client.get(`/api/notes?projectId=${binned.id}`).withSession(session)
    unknown.assertStatus(404)
    unknown.assertBody({ message: 'Project not found' })
  })

  test('delete removes a note once; notes of hidden bookings are out of reach', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03', { name: 'Ad' })
    const jane = await createCrew({ name: 'Jane' })
    const booking = await assignCrew(project, jane)
    const note = await AssignmentDayNote.create({
      projectId: project.id,
      projectCrewId: booking.id,
      date: '2025-05-01',
      isScheduled: false,
    })
    const gone = await createCrew()
    const goneBooking = await assignCrew(project, gone)
    const hiddenNote = await AssignmentDayNote.create({
      projectId: project.id,
      projectCrewId: goneBooking.id,
      date: '2025-05-01',
      note: 'secret',
    })
    await trash(gone)

    const list = await client.get(`/api/notes?projectId=${project.id}`).withSession(session)
    assert.deepEqual(
      list.body().map((entry: { id: number }) => entry.id),
      [note.id]
    )

    const response = await client
      .delete(`/api/notes/${note.id}`)
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    response.assertBody({ success: true })
    assert.isNull(await AssignmentDayNote.find(note.id))
    const [log] = await ActivityLog.query().where('action', 'delete')
    assert.equal(log.summary, `Cleared 1 May 2025 of Jane's booking on "Ad"`)

    for (const id of [note.id, hiddenNote.id]) {
      const again = await client.delete(`/api/notes/${id}`).withSession(session).withCsrfToken()
      again.assertStatus(404)
      again.assertBody({ message: 'Day note not found' })
    }
    assert.isNotNull(await AssignmentDayNote.find(hiddenNote.id))
  })
})
