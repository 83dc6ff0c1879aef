import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ProjectTask from '#models/schedule/project_task'
import { schedulePerson } from '#tests/helpers/schedule_people'
import { activityEntries, createProject, trash } from '#tests/helpers/schedule_records'

test.group('project tasks', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('tasks are appended last, by their author, and logged on the project', async ({
    client,
    assert,
  }) => {
    const { session, user } = await schedulePerson('staff')
    const project = await createProject('2030-07-01', '2030-07-05')
    const other = await createProject('2030-07-01', '2030-07-05')
    await ProjectTask.create({ projectId: other.id, text: 'Elsewhere', sortOrder: 7 })

    const texts = []
    for (const text of ['Book van', ' Call the location ']) {
      const response = await client
        .post('/api/project-tasks')
        .json({ projectId: project.id, text })
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(201)
      texts.push(response.body())
    }
    assert.deepEqual(Object.keys(texts[0]).sort(), [
      'authorId',
      'authorName',
      'completed',
      'completedAt',
      'completedBy',
      'completedByName',
      'createdAt',
      'id',
      'projectId',
      'sortOrder',
      'text',
      'updatedAt',
    ])
    assert.include(texts[0], {
      projectId: project.id,
      text: 'Book van',
      completed: false,
      completedAt: null,
      authorId: user.id,
      authorName: user.displayName,
      sortOrder: 1,
    })
    assert.include(texts[1], { text: 'Call the location', sortOrder: 2 })

    const list = await client
      .get('/api/project-tasks')
      .qs({ projectId: project.id })
      .withSession(session)
    list.assertStatus(200)
    assert.deepEqual(
      list.body().map((task: { text: string }) => task.text),
      ['Book van', 'Call the location']
    )

    const entries = await activityEntries(client, session, { projectId: project.id })
    assert.deepEqual(
      entries.map((entry) => [entry.entityType, entry.action, entry.summary]),
      [
        ['project_task', 'create', "Added task 'Call the location'"],
        ['project_task', 'create', "Added task 'Book van'"],
      ]
    )
  })

  test('completing records who and when; reopening clears it', async ({ client, assert }) => {
    const { session, user } = await schedulePerson('staff')
    const project = await createProject('2030-07-01', '2030-07-05')
    const task = await ProjectTask.create({ projectId: project.id, text: 'Book van' })

    const done = await client
      .patch(`/api/project-tasks/${task.id}`)
      .json({ completed: true })
      .withSession(session)
      .withCsrfToken()
    done.assertStatus(200)
    assert.include(done.body(), {
      completed: true,
      completedBy: user.id,
      completedByName: user.displayName,
    })
    assert.isString(done.body().completedAt)
    let [entry] = await activityEntries(client, session, { projectId: project.id })
    assert.include(entry, {
      action: 'update',
      entityId: String(task.id),
      projectId: project.id,
      summary: "Completed task 'Book van'",
    })
    assert.deepEqual(entry.changes, { completed: { from: false, to: true } })

    const reopened = await client
      .patch(`/api/project-tasks/${task.id}`)
      .json({ completed: false })
      .withSession(session)
      .withCsrfToken()
    assert.include(reopened.body(), {
      completed: false,
      completedAt: null,
      completedBy: null,
      completedByName: null,
    })
    ;[entry] = await activityEntries(client, session, { projectId: project.id })
    assert.equal(entry.summary, "Reopened task 'Book van'")

    const renamed = await client
      .patch(`/api/project-tasks/${task.id}`)
      .json({ text: 'Book two vans' })
      .withSession(session)
      .withCsrfToken()
    assert.equal(renamed.body().text, 'Book two vans')
    ;[entry] = await activityEntries(client, session, { projectId: project.id })
    assert.equal(entry.summary, "Changed task 'Book van' to 'Book two vans'")
  })

  test('delete removes the task and logs it on the project', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2030-07-01', '2030-07-05')
    const task = await ProjectTask.create({ projectId: project.id, text: 'Book van' })
    const response = await client
      .delete(`/api/project-tasks/${task.id}`)
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    response.assertBody({ success: true })
    assert.isNull(await ProjectTask.find(task.id))
    const [entry] = await activityEntries(client, session, { projectId: project.id })
    assert.include(entry, { action: 'delete', summary: "Deleted task 'Book van'" })
  })

  test('PUT order takes every task of the project in the new order', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2030-07-01', '2030-07-05', { name: 'Ad shoot' })
    const tasks = await ProjectTask.createMany(
      ['One', 'Two', 'Three'].map((text, index) => ({
        projectId: project.id,
        text,
        sortOrder: index + 1,
      }))
    )
    const ids = [tasks[2].id, tasks[0].id, tasks[1].id]
    const response = await client
      .put('/api/project-tasks/order')
      .json({ projectId: project.id, ids })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.deepEqual(
      response
        .body()
        .map((task: { text: string; sortOrder: number }) => [task.text, task.sortOrder]),
      [
        ['Three', 1],
        ['One', 2],
        ['Two', 3],
      ]
    )
    const [entry] = await activityEntries(client, session, { projectId: project.id })
    assert.include(entry, { action: 'reorder', summary: 'Reordered the tasks of Ad shoot' })

    const otherProject = await createProject('2030-07-01', '2030-07-01')
    const other = await ProjectTask.create({ projectId: otherProject.id, text: 'Not mine' })
    for (const wrong of [ids.slice(1), [...ids, other.id], [ids[0], ids[0], ids[1]]]) {
      const refused = await client
        .put('/api/project-tasks/order')
        .json({ projectId: project.id, ids: wrong })
        .withSession(session)
        .withCsrfToken()
      refused.assertStatus(422)
      assert.equal(refused.body().errors[0].field, 'ids')
    }
  })

  test('a project that is unknown or in the trash: 422 in bodies, 404 for its list', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const trashed = await trash(await createProject('2030-07-01', '2030-07-05'))
    for (const projectId of [trashed.id, 999_999]) {
      const create = await client
        .post('/api/project-tasks')
        .json({ projectId, text: 'Book van' })
        .withSession(session)
        .withCsrfToken()
      create.assertStatus(422)
      assert.equal(create.body().errors[0].field, 'projectId')

      const order = await client
        .put('/api/project-tasks/order')
        .json({ projectId, ids: [] })
        .withSession(session)
        .withCsrfToken()
      order.assertStatus(422)

      const list = await client.get('/api/project-tasks').qs({ projectId }).withSession(session)
      list.assertStatus(404)
      list.assertBody({ message: 'Project not found' })
    }
  })

  test('tasks of a project in the trash, and unknown tasks, are 404', async ({ client }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2030-07-01', '2030-07-05')
    const task = await ProjectTask.create({ projectId: project.id, text: 'Book van' })
    await trash(project)
    for (const request of [
      client.patch(`/api/project-tasks/${task.id}`).json({ completed: true }),
      client.delete(`/api/project-tasks/${task.id}`),
      client.patch('/api/project-tasks/999999').json({ completed: true }),
      client.patch('/api/project-tasks/abc').json({ completed: true }),
    ]) {
      const response = await request.withSession(session).withCsrfToken()
      response.assertStatus(404)
    }
    const unknown = await client
      .delete('/api/project-tasks/999999')
      .withSession(session)
      .withCsrfToken()
    unknown.assertBody({ message: 'Task not found' })
  })

  test('bad bodies and queries are 422', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2030-07-01', '2030-07-05')
    const task = await ProjectTask.create({ projectId: project.id, text: 'Book van' })
    for (const [body, field] of [
      [{ projectId: project.id }, 'text'],
      [{ projectId: project.id, text: 'x'.repeat(1001) }, 'text'],
      [{ text: 'Book van' }, 'projectId'],
    ] as const) {
      const response = await client
        .post('/api/project-tasks')
        .json(body)
        .withSession(session)
        .withCsrfToken()
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.equal(response.body().errors[0].field, field)
    }
    const patch = await client
      .patch(`/api/project-tasks/${task.id}`)
      .json({ completed: 'soon' })
      .withSession(session)
      .withCsrfToken()
    patch.assertStatus(422)
    const list = await client.get('/api/project-tasks').withSession(session)
    list.assertStatus(422)
    assert.equal(list.body().errors[0].field, 'projectId')
  })
})
