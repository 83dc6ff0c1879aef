import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { schedulePerson } from '#tests/helpers/schedule_people'
import { activityEntries, createClient, createProject } from '#tests/helpers/schedule_records'

test.group('clients', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('create, read back, list by name, search', async ({ client, assert }) => {
    const { session, user } = await schedulePerson('staff')
    const created = await client
      .post('/api/clients')
      .json({
        name: ' Zebra Films ',
        contactName: 'Ann Lee',
        email: 'ann@zebra.example',
        phone: '+44 20 7946 0000',
        notes: 'Pays late',
      })
      .withSession(session)
      .withCsrfToken()
    created.assertStatus(201)
    assert.deepEqual(Object.keys(created.body()).sort(), [
      'contactName',
      'createdAt',
      'email',
      'id',
      'name',
      'notes',
      'phone',
      'updatedAt',
    ])
    assert.include(created.body(), { name: 'Zebra Films', contactName: 'Ann Lee' })
    await createClient({ name: 'acme studios', email: 'hello@acme.example' })

    const read = await client.get(`/api/clients/${created.body().id}`).withSession(session)
    read.assertStatus(200)
    assert.include(read.body(), { name: 'Zebra Films', email: 'ann@zebra.example' })

    const all = await client.get('/api/clients').withSession(session)
    assert.deepEqual(
      all.body().map((row: { name: string }) => row.name),
      ['acme studios', 'Zebra Films']
    )
    for (const [search, expected] of [
      ['ZEBRA', ['Zebra Films']],
      ['ann lee', ['Zebra Films']],
      ['acme.example', ['acme studios']],
      ['%', []],
      ['', ['acme studios', 'Zebra Films']],
    ] as const) {
      const found = await client.get('/api/clients').qs({ search }).withSession(session)
      assert.deepEqual(
        found.body().map((row: { name: string }) => row.name),
        expected,
        search
      )
    }

    const [entry] = await activityEntries(client, session, { entityType: 'client' })
    assert.include(entry, {
      action: 'create',
      entityId: String(created.body().id),
      actorId: user.id,
      summary: 'Added client Zebra Films',
    })
  })

  test('names are unique regardless of case (409)', async ({ client }) => {
    const { session } = await schedulePerson('staff')
    await createClient({ name: 'Acme' })
    const duplicate = await client
      .post('/api/clients')
      .json({ name: 'ACME' })
      .withSession(session)
      .withCsrfToken()
    duplicate.assertStatus(409)
    duplicate.assertBody({ message: 'A client named "ACME" already exists' })

    const other = await createClient({ name: 'Other' })
    const rename = await client
      .patch(`/api/clients/${other.id}`)
      .json({ name: 'acme' })
      .withSession(session)
      .withCsrfToken()
    rename.assertStatus(409)
  })

  test('update changes the given fields, clears nulls, and logs the changes', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const acme = await createClient({ name: 'Acme', phone: '123', notes: 'old' })
    const response = await client
      .patch(`/api/clients/${acme.id}`)
      .json({ name: 'Acme Ltd', phone: null })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.include(response.body(), { name: 'Acme Ltd', phone: null, notes: 'old' })

    const [entry] = await activityEntries(client, session, {
      entityType: 'client',
      entityId: acme.id,
    })
    assert.equal(entry.summary, 'Renamed client Acme to Acme Ltd')
    assert.deepEqual(entry.changes, {
      name: { from: 'Acme', to: 'Acme Ltd' },
      phone: { from: '123', to: null },
    })
  })

  test('delete removes the client; its projects keep going without one', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const acme = await createClient({ name: 'Acme' })
    const project = await createProject('2030-05-01', '2030-05-03', { clientId: acme.id })
    const response = await client
      .delete(`/api/clients/${acme.id}`)
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    response.assertBody({ success: true })

    const gone = await client.get(`/api/clients/${acme.id}`).withSession(session)
    gone.assertStatus(404)
    gone.assertBody({ message: 'Client not found' })
    await project.refresh()
    assert.isNull(project.clientId)
    const [entry] = await activityEntries(client, session, { entityType: 'client' })
    assert.include(entry, { action: 'delete', summary: 'Deleted client Acme' })
  })

  test('bad bodies and queries are 422 with the field', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'Acme', email: 'not-an-email' }, 'email'],
      [{ name: 'Acme', phone: '1'.repeat(51) }, 'phone'],
      [{ name: 'Acme', notes: 'x'.repeat(10_001) }, 'notes'],
    ] as const) {
      const response = await client
        .post('/api/clients')
        .json(body)
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, field)
    }
    const search = await client
      .get('/api/clients')
      .qs({ search: 'x'.repeat(201) })
      .withSession(session)
    search.assertStatus(422)
  })

  test('unknown ids are 404', async ({ client }) => {
    const { session } = await schedulePerson('staff')
    for (const request of [
      client.get('/api/clients/999999').withSession(session),
      client.patch('/api/clients/999999').json({ name: 'X' }).withSession(session).withCsrfToken(),
      client.delete('/api/clients/999999').withSession(session).withCsrfToken(),
      client.get('/api/clients/abc').withSession(session),
    ]) {
      const response = await request
      response.assertStatus(404)
    }
  })
})
