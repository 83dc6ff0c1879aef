import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ActivityLog from '#models/schedule/activity_log'
import ProjectDayInfo from '#models/schedule/project_day_info'
import { schedulePerson } from '#tests/helpers/schedule_people'
import { createLocation, createProject, trash } from '#tests/helpers/schedule_records'

test.group('day info', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the day info routes answer 401 without a session', async ({ client, assert }) => {
    const project = await createProject('2025-05-01', '2025-05-03')
    const requests = [
      client.get(`/api/projects/${project.id}/day-info`),
      client.put(`/api/projects/${project.id}/day-info/2025-05-01`).json({}).withCsrfToken(),
      client.delete(`/api/projects/${project.id}/day-info/2025-05-01`).withCsrfToken(),
    ]
    for (const request of requests) {
      const response = await request
      response.assertStatus(401)
      response.assertBody({ message: 'Not authenticated' })
    }
    assert.lengthOf(await ProjectDayInfo.all(), 0)
  })

  test('a day is created, then changed field by field, and listed by date', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03', { name: 'Ad' })
    const location = await createLocation()
    const url = `/api/projects/${project.id}/day-info`

    const created = await client
      .put(`${url}/2025-05-02`)
      .json({ title: 'Studio day', callTime: '07:30', locationId: location.id })
      .withSession(session)
      .withCsrfToken()
    created.assertStatus(200)
    const info = created.body()
    assert.deepEqual(info, {
      id: info.id,
      projectId: project.id,
      date: '2025-05-02',
      title: 'Studio day',
      callTime: '07:30',
      wrapTime: null,
      notes: null,
      locationId: location.id,
    })

    const changed = await client
      .put(`${url}/2025-05-02`)
      .json({ wrapTime: '19:00', title: null })
      .withSession(session)
      .withCsrfToken()
    assert.deepEqual(changed.body(), { ...info, wrapTime: '19:00', title: null })

    await client
      .put(`${url}/2025-05-01`)
      .json({ notes: 'Load in' })
      .withSession(session)
      .withCsrfToken()
    const list = await client.get(url).withSession(session)
    list.assertStatus(200)
    assert.deepEqual(
      list.body().map((day: { date: string }) => day.date),
      ['2025-05-01', '2025-05-02']
    )

    const logs = await ActivityLog.query().where('entity_type', 'project_day_info').orderBy('id')
    assert.deepEqual(
      logs.map((log) => [log.action, log.summary]),
      [
        ['create', 'Added the day info of 2 May 2025 on "Ad"'],
        ['update', 'Updated the day info of 2 May 2025 on "Ad"'],
        ['create', 'Added the day info of 1 May 2025 on "Ad"'],
      ]
    )
    assert.deepEqual(logs[1].changes, {
      title: { from: 'Studio day', to: null },
      wrapTime: { from: null, to: '19:00' },
    })
  })

  test('a day left with nothing on it has no row; the answer is the empty day', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03', { name: 'Ad' })
    const url = `/api/projects/${project.id}/day-info/2025-05-02`
    const put = (body: Record<string, unknown>) =>
      client.put(url).json(body).withSession(session).withCsrfToken()
    const empty = {
      id: null,
      projectId: project.id,
      date: '2025-05-02',
      title: null,
      callTime: null,
      wrapTime: null,
      notes: null,
      locationId: null,
    }

    const nothing = await put({ title: null })
    nothing.assertStatus(200)
    assert.deepEqual(nothing.body(), empty)
    assert.lengthOf(await ProjectDayInfo.all(), 0)

    await put({ title: 'Studio day', notes: 'Load in' })
    await put({ title: null })
    const cleared = await put({ notes: null })
    cleared.assertStatus(200)
    assert.deepEqual(cleared.body(), empty)
    assert.lengthOf(await ProjectDayInfo.all(), 0)
    const [log] = await ActivityLog.query().where('action', 'delete')
    assert.equal(log.summary, 'Removed the day info of 2 May 2025 from "Ad"')
    assert.deepEqual(log.changes, { notes: { from: 'Load in', to: null } })
  })

  test('a day outside the project, a bad time or an unknown location is 422', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const location = await createLocation()
    await trash(location)
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['2025-05-04', { title: 'x' }, 'params.date', 'projectDay'],
      ['2025-02-30', { title: 'x' }, 'params.date', 'calendarDay'],
      ['2025-05-01', { callTime: '7:30' }, 'callTime', 'regex'],
      ['2025-05-01', { wrapTime: '24:00' }, 'wrapTime', 'regex'],
      ['2025-05-01', { locationId: location.id }, 'locationId', 'exists'],
      ['2025-05-01', { title: 'x'.repeat(201) }, 'title', 'maxLength'],
    ]
    for (const [date, body, field, rule] of cases) {
      const response = await client
        .put(`/api/projects/${project.id}/day-info/${date}`)
        .json(body)
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(422)
      assert.containSubset(response.body().errors, [{ field, rule }], JSON.stringify(body))
    }
    assert.lengthOf(await ProjectDayInfo.all(), 0)
  })

  test('delete removes the day once; unknown and trashed projects are 404', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    await ProjectDayInfo.create({ projectId: project.id, date: '2025-05-01', title: 'One' })
    const url = `/api/projects/${project.id}/day-info/2025-05-01`
    const response = await client.delete(url).withSession(session).withCsrfToken()
    response.assertStatus(200)
    response.assertBody({ success: true })
    assert.lengthOf(await ProjectDayInfo.all(), 0)
    const [log] = await ActivityLog.query().where('action', 'delete')
    assert.deepEqual(log.changes, { title: { from: 'One', to: null } })

    const again = await client.delete(url).withSession(session).withCsrfToken()
    again.assertStatus(404)
    again.assertBody({ message: 'Day info not found' })

    const binned = await createProject('2025-05-01', '2025-05-03')
    await trash(binned)
    for (const id of [999999, binned.id]) {
      const list = await client.get(`/api/projects/${id}/day-info`).withSession(session)
      list.assertStatus(404)
      list.assertBody({ message: 'Project not found' })
      const put = await client
        .put(`/api/projects/${id}/day-info/2025-05-01`)
        .json({ title: 'x' })
        .withSession(session)
        .withCsrfToken()
      put.assertStatus(404)
    }
    const notADate = await client
      .get(`/api/projects/${project.id}/day-info/tomorrow`)
      .withSession(session)
    notADate.assertStatus(404)
  })
})
