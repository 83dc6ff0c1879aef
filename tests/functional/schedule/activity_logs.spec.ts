import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { ActivityLogger } from '#services/schedule/activity/activity_logger'
import { schedulePerson } from '#tests/helpers/schedule_people'
import { createProject } from '#tests/helpers/schedule_records'

test.group('GET /api/activity-logs', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('newest first, a page at a time, with the paginator meta', async ({ client, assert }) => {
    const { session, user } = await schedulePerson('staff')
    const logger = new ActivityLogger()
    for (let index = 1; index <= 5; index++) {
      await logger.record(user, {
        action: 'create',
        entityType: 'crew',
        entityId: index,
        summary: `Added crew member Person ${index}`,
      })
    }

    const first = await client
      .get('/api/activity-logs')
      .qs({ entityType: 'crew', perPage: 2 })
      .withSession(session)
    first.assertStatus(200)
    assert.include(first.body().meta, { total: 5, perPage: 2, currentPage: 1, lastPage: 3 })
    assert.deepEqual(
      first.body().data.map((entry: { summary: string }) => entry.summary),
      ['Added crew member Person 5', 'Added crew member Person 4']
    )
    assert.deepEqual(Object.keys(first.body().data[0]).sort(), [
      'action',
      'actorId',
      'actorName',
      'changes',
      'createdAt',
      'entityId',
      'entityType',
      'id',
      'projectId',
      'summary',
    ])
    assert.include(first.body().data[0], {
      actorId: user.id,
      actorName: user.displayName,
      entityId: '5',
    })

    const last = await client
      .get('/api/activity-logs')
      .qs({ entityType: 'crew', perPage: 2, page: 3 })
      .withSession(session)
    assert.deepEqual(
      last.body().data.map((entry: { summary: string }) => entry.summary),
      ['Added crew member Person 1']
    )
  })

  test('filters by project, entity type and entity id', async ({ client, assert }) => {
    const { session, user } = await schedulePerson('staff')
    const project = await createProject('2030-03-01', '2030-03-02')
    const logger = new ActivityLogger()
    await logger.record(user, {
      action: 'create',
      entityType: 'project_task',
      entityId: 11,
      projectId: project.id,
      summary: "Added task 'Book van'",
    })
    await logger.record(user, {
      action: 'update',
      entityType: 'vendor',
      entityId: 11,
      summary: 'Updated vendor Lights Ltd',
    })
    await logger.record(null, {
      action: 'update',
      entityType: 'vendor',
      entityId: 12,
      summary: 'Updated vendor Sound Co',
    })

    const byProject = await client
      .get('/api/activity-logs')
      .qs({ projectId: project.id })
      .withSession(session)
    assert.deepEqual(
      byProject.body().data.map((entry: { summary: string }) => entry.summary),
      ["Added task 'Book van'"]
    )
    assert.equal(byProject.body().data[0].projectId, project.id)

    const byEntity = await client
      .get('/api/activity-logs')
      .qs({ entityType: 'vendor', entityId: '11' })
      .withSession(session)
    assert.deepEqual(
      byEntity.body().data.map((entry: { summary: string }) => entry.summary),
      ['Updated vendor Lights Ltd']
    )
  })

  test('bad queries are 422', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    for (const [query, field] of [
      [{ perPage: 201 }, 'perPage'],
      [{ page: 0 }, 'page'],
      [{ projectId: 'abc' }, 'projectId'],
    ] as const) {
      const response = await client.get('/api/activity-logs').qs(query).withSession(session)
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, field)
    }
  })
})
