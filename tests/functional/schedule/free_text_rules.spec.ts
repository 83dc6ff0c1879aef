import { test } from '@japa/runner'
import { NUL, jsonCase, type Send } from '#tests/helpers/text_field_cases'
import testUtils from '@adonisjs/core/services/test_utils'
import { schedulePerson } from '#tests/helpers/schedule_people'
import { createCrew, createProject } from '#tests/helpers/schedule_records'

function queryCase(url: string, query: object, field: string) {
  const send: Send = (client, session, value) =>
    client
      .get(url)
      .qs({ ...query, [field]: value })
      .withSession(session)
  return { route: `GET ${url}?${field}`, field, send }
}

async function textCases() {
  const project = await createProject('2027-03-01', '2027-03-03')
  const crew = await createCrew()
  return [
    jsonCase('post', '/api/clients', {}, 'name'),
    jsonCase('post', '/api/clients', { name: 'Acme' }, 'notes'),
    jsonCase('post', '/api/crew', { name: 'Ann' }, 'dietary'),
    jsonCase('patch', `/api/crew/${crew.id}`, {}, 'pronouns'),
    jsonCase('post', '/api/projects', { startDate: '2027-04-01', endDate: '2027-04-02' }, 'name'),
    jsonCase('patch', `/api/projects/${project.id}`, {}, 'notes'),
    jsonCase('post', '/api/project-tasks', { projectId: project.id }, 'text'),
    jsonCase('post', '/api/statuses', { color: '#112233' }, 'name'),
    jsonCase('post', '/api/message-templates', { name: 'Call', kind: 'sms' }, 'body'),
    jsonCase('post', '/api/message-groups', { members: [] }, 'name'),
    jsonCase('post', '/api/feedback', { category: 'bug' }, 'description'),
    jsonCase('post', '/api/share', { resourceType: 'project', resourceId: project.id }, 'label'),
    jsonCase(
      'put',
      `/api/projects/${project.id}/day-info/2027-03-01`,
      { notes: 'Bring coats' },
      'title'
    ),
    jsonCase('patch', '/api/admin/calsync/settings', {}, 'calendarId'),
    queryCase('/api/clients', {}, 'search'),
    queryCase('/api/activity-logs', {}, 'entityType'),
  ]
}

async function admin() {
  const { session } = await schedulePerson('admin')
  return session
}

function assertNamesField(response: Awaited<ReturnType<Send>>, field: string, route: string) {
  response.assertStatus(422)
  const fields = (response.body().errors as { field: string }[]).map((error) => error.field)
  if (!fields.includes(field)) {
    throw new Error(`${route}: the 422 names ${fields.join(', ')}, not ${field}`)
  }
}

test.group('schedule: free text is checked before it reaches the database', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a NUL in any text field is a 422 naming the field', async ({ client, assert }) => {
    const session = await admin()
    for (const { route, field, send } of await textCases()) {
      const response = await send(client, session, `A${NUL}B`)
      assert.equal(response.status(), 422, `${route} ${field}`)
      assertNamesField(response, field, route)
      assert.equal(response.body().message, 'Validation failed')
    }
  })

  test('other control characters, DEL and lone surrogates are refused too', async ({ client }) => {
    const session = await admin()
    const send = jsonCase('post', '/api/clients', { name: 'Acme' }, 'notes').send
    for (const value of ['bell\u0007', 'escape\u001b[31m', 'del\u007f', 'half\ud800', 'cr\ronly']) {
      assertNamesField(await send(client, session, value), 'notes', JSON.stringify(value))
    }
  })

  test('names are one line; notes keep their tabs and line breaks', async ({ client, assert }) => {
    const session = await admin()
    for (const name of ['Two\nlines', 'Tab\there', 'Carriage\r\nreturn']) {
      const refused = await client
        .post('/api/clients')
        .json({ name })
        .withSession(session)
        .withCsrfToken()
      assertNamesField(refused, 'name', JSON.stringify(name))
      assert.match(refused.body().errors[0].message, /single line/)
    }

    const notes = 'Gate code:\t4711\nAsk for Sam\r\nNo parking on site'
    const created = await client
      .post('/api/clients')
      .json({ name: 'Night Owl Films', notes })
      .withSession(session)
      .withCsrfToken()
    created.assertStatus(201)
    assert.equal(created.body().notes, notes)

    // Surrounding line breaks are trimmed away, so they do not make a name two lines.
    const trimmed = await client
      .post('/api/crew')
      .json({ name: '\n Ann Lee \n' })
      .withSession(session)
      .withCsrfToken()
    trimmed.assertStatus(201)
    assert.equal(trimmed.body().name, 'Ann Lee')
  })
})

test.group('schedule: ids out of the database range', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const TOO_BIG = ['2147483648', '99999999999999999999']

  test('in a URL, an id past 2147483647 is a 404', async ({ client, assert }) => {
    const session = await admin()
    const project = await createProject('2027-03-01', '2027-03-03')
    for (const id of TOO_BIG) {
      for (const [method, url] of [
        ['GET', `/api/projects/${id}`],
        ['PATCH', `/api/clients/${id}`],
        ['DELETE', `/api/crew/${id}`],
        ['GET', `/api/projects/${id}/roster`],
        ['PATCH', `/api/projects/${project.id}/crew/${id}`],
        ['PATCH', `/api/regions/${id}`],
        ['PATCH', `/api/feedback/${id}`],
        ['POST', `/api/trash/crew/${id}/restore`],
        ['GET', `/api/locations/${id}/photos`],
        ['PATCH', `/api/message-templates/${id}`],
      ] as const) {
        const response = await client
          .request(url, method)
          .json({})
          .withSession(session)
          .withCsrfToken()
        assert.equal(response.status(), 404, `${method} ${url}`)
      }
    }
  })

  test('in a body or query, an id past 2147483647 is a 422 on the field', async ({ client }) => {
    const session = await admin()
    const project = await createProject('2027-03-01', '2027-03-03')
    const bodies = [
      jsonCase('post', '/api/project-tasks', { text: 'Call the mayor' }, 'projectId'),
      jsonCase('post', `/api/projects/${project.id}/crew`, {}, 'crewId'),
      jsonCase('post', '/api/share', { resourceType: 'crew' }, 'resourceId'),
      jsonCase('post', '/api/crew', { name: 'Ann' }, 'regionId'),
      jsonCase('put', '/api/notes', { kind: 'crew', date: '2027-03-01' }, 'assignmentId'),
    ]
    const queries = [
      queryCase('/api/notes', {}, 'projectId'),
      queryCase('/api/crew', {}, 'regionId'),
    ]
    for (const id of TOO_BIG) {
      for (const { route, field, send } of bodies) {
        // JSON carries the id as a number, as the pages send it.
        assertNamesField(await send(client, session, Number(id) as never), field, route)
      }
      for (const { route, field, send } of queries) {
        assertNamesField(await send(client, session, id), field, route)
      }
    }
  })

  test('crew calls keyed by something other than an id are a 422, not a 500', async ({
    client,
  }) => {
    const session = await admin()
    const project = await createProject('2027-03-01', '2027-03-03')
    for (const key of ['abc', '2147483648', '99999999999999999999', '1.5']) {
      const response = await client
        .put(`/api/projects/${project.id}/call-sheets/2027-03-01/override`)
        .json({ crewCalls: { [key]: '07:30' } })
        .withSession(session)
        .withCsrfToken()
      assertNamesField(response, 'crewCalls', key)
    }
  })
})
