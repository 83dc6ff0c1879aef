import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import ActivityLog from '#models/schedule/activity_log'
import Project from '#models/schedule/project'
import ProjectDayInfo from '#models/schedule/project_day_info'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  assignCrew,
  assignVendor,
  createClient,
  createCrew,
  createLocation,
  createProject,
  createVendor,
  trash,
} from '#tests/helpers/schedule_records'

async function projectStatusId(name: string) {
  const row = await db.from('project_statuses').where('name', name).firstOrFail()
  return row.id as number
}

test.group('projects: access', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every project route answers 401 without a session', async ({ client, assert }) => {
    const project = await createProject('2025-05-01', '2025-05-03')
    const requests = [
      client.get('/api/projects?from=2025-05-01&to=2025-05-31'),
      client.get('/api/projects'),
      client.post('/api/projects').json({}).withCsrfToken(),
      client.get(`/api/projects/${project.id}`),
      client.patch(`/api/projects/${project.id}`).json({ name: 'X' }).withCsrfToken(),
      client.delete(`/api/projects/${project.id}`).withCsrfToken(),
    ]
    for (const request of requests) {
      const response = await request
      response.assertStatus(401)
      response.assertBody({ message: 'Not authenticated' })
    }
    const row = await Project.findOrFail(project.id)
    assert.isNull(row.deletedAt)
    assert.lengthOf(await Project.all(), 1)
  })
})

test.group('projects: create', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('staff create a project with the default project status and an activity entry', async ({
    client,
    assert,
  }) => {
    const { session, user } = await schedulePerson('staff')
    const customer = await createClient()
    const response = await client
      .post('/api/projects')
      .json({
        name: '  Winter ad  ',
        startDate: '2025-05-01',
        endDate: '2025-05-03',
        clientId: customer.id,
        notes: 'Bring coats',
      })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(201)
    const project = response.body()
    assert.containSubset(project, {
      name: 'Winter ad',
      startDate: '2025-05-01',
      endDate: '2025-05-03',
      color: '#2563eb',
      textColor: '#ffffff',
      notes: 'Bring coats',
      clientId: customer.id,
      locationId: null,
      projectStatusId: await projectStatusId('Tentative'),
      regionId: null,
      createdBy: user.id,
    })
    assert.isString(project.createdAt)
    assert.notProperty(project, 'deletedAt')
    assert.notProperty(project, 'calendarEventIds')

    const log = await ActivityLog.query().where('entity_type', 'project').firstOrFail()
    assert.equal(log.action, 'create')
    assert.equal(log.entityId, String(project.id))
    assert.equal(log.projectId, project.id)
    assert.equal(log.actorId, user.id)
    assert.equal(log.summary, 'Created project "Winter ad" (1 May 2025 – 3 May 2025)')
    assert.deepEqual(log.changes!.name, { from: null, to: 'Winter ad' })
    assert.deepEqual(log.changes!.startDate, { from: null, to: '2025-05-01' })
  })

  test('a given project status and colours are kept; the admin default colour applies otherwise', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const confirmed = await projectStatusId('Confirmed')
    const given = await client
      .post('/api/projects')
      .json({
        name: 'Shoot',
        startDate: '2025-06-01',
        endDate: '2025-06-01',
        projectStatusId: confirmed,
        color: '#AABBCC',
        textColor: '#000000',
      })
      .withSession(session)
      .withCsrfToken()
    given.assertStatus(201)
    assert.containSubset(given.body(), {
      projectStatusId: confirmed,
      color: '#aabbcc',
      textColor: '#000000',
    })

    await db.table('app_settings').insert({
      key: 'default_project_color',
      value: JSON.stringify('#123456'),
    })
    const defaulted = await client
      .post('/api/projects')
      .json({ name: 'Recce', startDate: '2025-06-02', endDate: '2025-06-02' })
      .withSession(session)
      .withCsrfToken()
    assert.equal(defaulted.body().color, '#123456')
  })

  test('invalid bodies answer 422 with field errors', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const location = await trash(await createLocation())
    const cases: [Record<string, unknown>, string, string][] = [
      [{ startDate: '2025-05-01', endDate: '2025-05-02' }, 'name', 'required'],
      [{ name: ' ', startDate: '2025-05-01', endDate: '2025-05-02' }, 'name', 'required'],
      [{ name: 'A', startDate: '2025-02-30', endDate: '2025-03-02' }, 'startDate', 'calendarDay'],
      [{ name: 'A', startDate: '2025-05-02', endDate: '2025-05-01' }, 'endDate', 'afterOrEqual'],
      [{ name: 'A', startDate: '2025-01-01', endDate: '2026-01-02' }, 'endDate', 'maxDays'],
      [
        { name: 'A', startDate: '2025-05-01', endDate: '2025-05-01', color: 'red' },
        'color',
        'regex',
      ],
      [
        { name: 'A', startDate: '2025-05-01', endDate: '2025-05-01', clientId: 999999 },
        'clientId',
        'exists',
      ],
      [
        { name: 'A', startDate: '2025-05-01', endDate: '2025-05-01', locationId: location.id },
        'locationId',
        'exists',
      ],
      [
        { name: 'A', startDate: '2025-05-01', endDate: '2025-05-01', projectStatusId: 999999 },
        'projectStatusId',
        'exists',
      ],
      [
        { name: 'A', startDate: '2025-05-01', endDate: '2025-05-01', notes: 'x'.repeat(10_001) },
        'notes',
        'maxLength',
      ],
    ]
    for (const [body, field, rule] of cases) {
      const response = await client
        .post('/api/projects')
        .json(body)
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(422)
      assert.equal(response.body().message, 'Validation failed')
      assert.containSubset(response.body().errors, [{ field, rule }], JSON.stringify(body))
    }
    // A span of exactly 366 days is allowed.
    const longest = await client
      .post('/api/projects')
      .json({ name: 'Season', startDate: '2024-01-01', endDate: '2024-12-31' })
      .withSession(session)
      .withCsrfToken()
    longest.assertStatus(201)
    assert.lengthOf(await Project.all(), 1)
  })
})

test.group('projects: lists', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the range list holds active projects overlapping the range, by start date, with counts', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const before = await createProject('2025-04-20', '2025-04-30', { name: 'Before' })
    const touchingStart = await createProject('2025-04-25', '2025-05-01', { name: 'Touching' })
    const inside = await createProject('2025-05-10', '2025-05-12', { name: 'Inside' })
    const sameDay = await createProject('2025-05-10', '2025-05-11', { name: 'Another' })
    const touchingEnd = await createProject('2025-05-31', '2025-06-05', { name: 'Late' })
    await createProject('2025-06-01', '2025-06-02', { name: 'After' })
    await trash(await createProject('2025-05-15', '2025-05-16', { name: 'Trashed' }))
    await assignCrew(inside, await createCrew())
    await assignCrew(inside, await createCrew())
    const gone = await createCrew()
    await assignCrew(inside, gone)
    await trash(gone)
    await assignVendor(inside, await createVendor())

    const response = await client
      .get('/api/projects?from=2025-05-01&to=2025-05-31')
      .withSession(session)
    response.assertStatus(200)
    const list = response.body()
    assert.deepEqual(
      list.map((project: { id: number }) => project.id),
      [touchingStart.id, sameDay.id, inside.id, touchingEnd.id]
    )
    assert.notInclude(
      list.map((project: { id: number }) => project.id),
      before.id
    )
    const insideRow = list.find((project: { id: number }) => project.id === inside.id)
    assert.equal(insideRow.crewCount, 2)
    assert.equal(insideRow.vendorCount, 1)
    assert.equal(list[0].crewCount, 0)
  })

  test('a range longer than 400 days, a backwards range or half a range answers 422', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const cases: [string, string, string][] = [
      ['from=2025-01-01&to=2026-02-06', 'to', 'rangeLength'],
      ['from=2025-05-02&to=2025-05-01', 'to', 'rangeOrder'],
      ['from=2025-05-01', 'to', 'required'],
      ['to=2025-05-01', 'from', 'required'],
      ['from=nope&to=2025-05-01', 'from', 'calendarDay'],
    ]
    for (const [query, field, rule] of cases) {
      const response = await client.get(`/api/projects?${query}`).withSession(session)
      response.assertStatus(422)
      assert.containSubset(response.body().errors, [{ field, rule }], query)
    }
    const longest = await client
      .get('/api/projects?from=2025-01-01&to=2026-02-05')
      .withSession(session)
    longest.assertStatus(200)
  })

  test('without a range the list is paginated, newest start first, and searchable', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const old = await createProject('2024-01-01', '2024-01-02', { name: 'Old 50% shoot' })
    const middle = await createProject('2025-01-01', '2025-01-02', { name: 'Middle shoot' })
    const recent = await createProject('2025-09-01', '2025-09-02', { name: 'Recent recce' })
    await trash(await createProject('2026-01-01', '2026-01-02', { name: 'Gone shoot' }))

    const first = await client.get('/api/projects?perPage=2').withSession(session)
    first.assertStatus(200)
    assert.containSubset(first.body().meta, { total: 3, perPage: 2, currentPage: 1, lastPage: 2 })
    assert.deepEqual(
      first.body().data.map((project: { id: number }) => project.id),
      [recent.id, middle.id]
    )
    assert.equal(first.body().data[0].crewCount, 0)
    const second = await client.get('/api/projects?perPage=2&page=2').withSession(session)
    assert.deepEqual(
      second.body().data.map((project: { id: number }) => project.id),
      [old.id]
    )

    const search = await client.get('/api/projects?search=SHOOT').withSession(session)
    assert.deepEqual(
      search.body().data.map((project: { id: number }) => project.id),
      [middle.id, old.id]
    )
    const literal = await client.get('/api/projects?search=50%25').withSession(session)
    assert.deepEqual(
      literal.body().data.map((project: { id: number }) => project.id),
      [old.id]
    )

    const tooMany = await client.get('/api/projects?perPage=201').withSession(session)
    tooMany.assertStatus(422)
  })
})

test.group('projects: read', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('one project comes with its client, location, status, roster and day info', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const customer = await createClient({ name: 'Acme' })
    const location = await createLocation({ name: 'Beach' })
    const project = await createProject('2025-05-01', '2025-05-03', {
      clientId: customer.id,
      locationId: location.id,
      projectStatusId: await projectStatusId('Confirmed'),
    })
    const jane = await createCrew({ name: 'Jane' })
    const trucks = await createVendor({ name: 'Trucks' })
    const vendorBooking = await assignVendor(project, trucks, { sortOrder: 1 })
    const crewBooking = await assignCrew(project, jane, { sortOrder: 2, notes: 'Lead' })
    const gone = await createCrew()
    await assignCrew(project, gone, { sortOrder: 3 })
    await trash(gone)
    await db.table('assignment_day_notes').insert({
      project_id: project.id,
      project_crew_id: crewBooking.id,
      date: '2025-05-02',
      note: 'Late call',
      is_scheduled: true,
    })
    await ProjectDayInfo.create({
      projectId: project.id,
      date: '2025-05-01',
      title: 'Day one',
      callTime: '07:00',
    })

    const response = await client.get(`/api/projects/${project.id}`).withSession(session)
    response.assertStatus(200)
    const body = response.body()
    assert.equal(body.id, project.id)
    assert.equal(body.client.name, 'Acme')
    assert.equal(body.location.name, 'Beach')
    assert.equal(body.projectStatus.name, 'Confirmed')
    assert.deepEqual(
      body.roster.map((entry: { kind: string; id: number }) => [entry.kind, entry.id]),
      [
        ['vendor', vendorBooking.id],
        ['crew', crewBooking.id],
      ]
    )
    assert.containSubset(body.roster[1], {
      kind: 'crew',
      resourceId: jane.id,
      name: 'Jane',
      notes: 'Lead',
      crewRoleId: null,
      dayNotes: [{ date: '2025-05-02', note: 'Late call', isScheduled: true }],
    })
    assert.containSubset(body.dayInfo, [
      { projectId: project.id, date: '2025-05-01', title: 'Day one', callTime: '07:00' },
    ])
  })

  test('a project without client, location or status has nulls; a trashed location is null', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const location = await createLocation()
    const project = await createProject('2025-05-01', '2025-05-03', { locationId: location.id })
    await trash(location)
    const response = await client.get(`/api/projects/${project.id}`).withSession(session)
    assert.containSubset(response.body(), {
      client: null,
      location: null,
      projectStatus: null,
      roster: [],
      dayInfo: [],
    })
  })

  test('an unknown, trashed or non-numeric project is 404', async ({ client }) => {
    const { session } = await schedulePerson('staff')
    const trashed = await trash(await createProject('2025-05-01', '2025-05-03'))
    for (const id of [999999, trashed.id]) {
      const response = await client.get(`/api/projects/${id}`).withSession(session)
      response.assertStatus(404)
      response.assertBody({ message: 'Project not found' })
    }
    const word = await client.get('/api/projects/abc').withSession(session)
    word.assertStatus(404)
  })
})

test.group('projects: update and delete', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a change is saved, logged with its changes, and answered with the conflicts it makes', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const jane = await createCrew({ name: 'Jane' })
    const project = await createProject('2025-05-01', '2025-05-03', { name: 'Ad' })
    const other = await createProject('2025-05-05', '2025-05-06', { name: 'Film' })
    await assignCrew(project, jane)
    await assignCrew(other, jane)
    const customer = await createClient()

    const response = await client
      .patch(`/api/projects/${project.id}`)
      .json({ endDate: '2025-05-05', clientId: customer.id, color: '#ff0000' })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    const body = response.body()
    assert.containSubset(body.project, {
      id: project.id,
      endDate: '2025-05-05',
      clientId: customer.id,
      color: '#ff0000',
    })
    assert.lengthOf(body.conflicts, 1)
    assert.containSubset(body.conflicts[0], {
      kind: 'crew',
      resourceId: jane.id,
      resourceName: 'Jane',
      date: '2025-05-05',
      projectIds: [project.id, other.id].sort((a, b) => a - b),
      resolution: null,
    })

    const log = await ActivityLog.query()
      .where('entity_type', 'project')
      .where('action', 'update')
      .firstOrFail()
    assert.deepEqual(log.changes, {
      endDate: { from: '2025-05-03', to: '2025-05-05' },
      color: { from: '#2563eb', to: '#ff0000' },
      clientId: { from: null, to: customer.id },
    })
    assert.equal(
      log.summary,
      `Updated project "Ad": dates now 1 May 2025 – 5 May 2025; colour, client none → ${customer.name}`
    )

    const cleared = await client
      .patch(`/api/projects/${project.id}`)
      .json({ clientId: null, notes: null })
      .withSession(session)
      .withCsrfToken()
    assert.isNull(cleared.body().project.clientId)
  })

  test('an end before the stored start, a span over 366 days or a bad field answers 422', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-10', '2025-05-12')
    const cases: [Record<string, unknown>, string, string][] = [
      [{ endDate: '2025-05-09' }, 'endDate', 'afterOrEqual'],
      [{ startDate: '2025-05-13' }, 'startDate', 'afterOrEqual'],
      [{ startDate: '2024-05-10' }, 'startDate', 'maxDays'],
      [{ name: '' }, 'name', 'required'],
      [{ name: null }, 'name', 'required'],
      [{ startDate: null }, 'startDate', 'required'],
      [{ regionId: 999999 }, 'regionId', 'exists'],
    ]
    for (const [body, field, rule] of cases) {
      const response = await client
        .patch(`/api/projects/${project.id}`)
        .json(body)
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(422)
      assert.containSubset(response.body().errors, [{ field, rule }], JSON.stringify(body))
    }
    await project.refresh()
    assert.equal(project.startDate, '2025-05-10')
    assert.equal(project.endDate, '2025-05-12')
  })

  test('delete moves the project to the trash once; it is then 404 everywhere', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-10', '2025-05-12', { name: 'Gone' })
    const response = await client
      .delete(`/api/projects/${project.id}`)
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    response.assertBody({ success: true })
    await project.refresh()
    assert.isNotNull(project.deletedAt)
    const log = await ActivityLog.query().where('action', 'delete').firstOrFail()
    assert.equal(log.summary, 'Moved project "Gone" to the trash')

    for (const request of [
      client.get(`/api/projects/${project.id}`),
      client.patch(`/api/projects/${project.id}`).json({ name: 'Back' }).withCsrfToken(),
      client.delete(`/api/projects/${project.id}`).withCsrfToken(),
    ]) {
      const again = await request.withSession(session)
      again.assertStatus(404)
      again.assertBody({ message: 'Project not found' })
    }
    const range = await client
      .get('/api/projects?from=2025-05-01&to=2025-05-31')
      .withSession(session)
    assert.deepEqual(range.body(), [])
  })
})
