import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Activity from '#models/schedule/activity'
import ScheduleColumn from '#models/schedule/schedule_column'
import { schedulePerson } from '#tests/helpers/schedule_people'
import { createProject } from '#tests/helpers/schedule_records'

test.group('day grid columns', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the column routes answer 401 without a session', async ({ client, assert }) => {
    const project = await createProject('2025-05-01', '2025-05-03')
    const url = `/api/projects/${project.id}/schedule-columns`
    const requests = [
      client.get(url),
      client.post(url).json({ name: 'Camera' }).withCsrfToken(),
      client.patch(`${url}/1`).json({ name: 'Sound' }).withCsrfToken(),
      client.delete(`${url}/1`).withCsrfToken(),
      client.put(`${url}/1/days/2025-05-01`).json({ hidden: true }).withCsrfToken(),
    ]
    for (const request of requests) {
      const response = await request
      response.assertStatus(401)
      response.assertBody({ message: 'Not authenticated' })
    }
    assert.lengthOf(await ScheduleColumn.all(), 0)
  })

  test('columns are added in order, renamed, hidden on one day and shown again', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const url = `/api/projects/${project.id}/schedule-columns`
    const add = (name: string) =>
      client.post(url).json({ name }).withSession(session).withCsrfToken()
    const added = await add('Camera')
    const camera = added.body()
    await add('Talent')
    const duplicate = await add('Camera')
    duplicate.assertStatus(409)

    const renamed = await client
      .patch(`${url}/${camera.id}`)
      .json({ name: 'Camera & lighting' })
      .withSession(session)
      .withCsrfToken()
    renamed.assertStatus(200)

    const hidden = await client
      .put(`${url}/${camera.id}/days/2025-05-02`)
      .json({ hidden: true })
      .withSession(session)
      .withCsrfToken()
    hidden.assertStatus(200)
    assert.deepEqual(hidden.body().hiddenDates, ['2025-05-02'])

    const outside = await client
      .put(`${url}/${camera.id}/days/2025-06-02`)
      .json({ hidden: true })
      .withSession(session)
      .withCsrfToken()
    outside.assertStatus(422)

    const list = await client.get(url).withSession(session)
    assert.deepEqual(
      list
        .body()
        .map((column: { name: string; hiddenDates: string[] }) => [
          column.name,
          column.hiddenDates,
        ]),
      [
        ['Camera & lighting', ['2025-05-02']],
        ['Talent', []],
      ]
    )

    const shown = await client
      .put(`${url}/${camera.id}/days/2025-05-02`)
      .json({ hidden: false })
      .withSession(session)
      .withCsrfToken()
    assert.deepEqual(shown.body().hiddenDates, [])
  })

  test('an activity goes in a column of its own project only; removing the column keeps the activity', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const other = await createProject('2025-05-01', '2025-05-03')
    const column = await ScheduleColumn.create({ projectId: project.id, name: 'Camera' })
    const foreign = await ScheduleColumn.create({ projectId: other.id, name: 'Camera' })
    const base = { projectId: project.id, date: '2025-05-01', name: 'Shoot', startTime: '08:00' }

    const refused = await client
      .post('/api/activities')
      .json({ ...base, scheduleColumnId: foreign.id })
      .withSession(session)
      .withCsrfToken()
    refused.assertStatus(422)
    const created = await client
      .post('/api/activities')
      .json({ ...base, scheduleColumnId: column.id })
      .withSession(session)
      .withCsrfToken()
    created.assertStatus(201)

    await client
      .delete(`/api/projects/${project.id}/schedule-columns/${column.id}`)
      .withSession(session)
      .withCsrfToken()
    const activity = await Activity.findOrFail(created.body().id)
    assert.isNull(activity.scheduleColumnId)
  })
})
