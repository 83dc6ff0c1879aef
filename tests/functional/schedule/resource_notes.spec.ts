import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ResourceNote from '#models/schedule/resource_note'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  activityEntries,
  createCrew,
  createLocation,
  createVendor,
  trash,
} from '#tests/helpers/schedule_records'

test.group('resource notes', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('notes on each kind of record, written by the signed-in person, logged', async ({
    client,
    assert,
  }) => {
    const { session, user } = await schedulePerson('staff')
    const records = [
      ['crew', await createCrew({ name: 'Jane Doe' }), 'crew member Jane Doe'],
      ['vendor', await createVendor({ name: 'Lights Ltd' }), 'vendor Lights Ltd'],
      ['location', await createLocation({ name: 'Mill' }), 'location Mill'],
    ] as const
    for (const [resourceType, record, described] of records) {
      const created = await client
        .post('/api/resource-notes')
        .json({ resourceType, resourceId: record.id, body: ' Reliable, early. ' })
        .withSession(session)
        .withCsrfToken()
      created.assertStatus(201)
      assert.deepEqual(Object.keys(created.body()).sort(), [
        'authorId',
        'authorName',
        'body',
        'createdAt',
        'id',
        'pinned',
        'resourceId',
        'resourceType',
        'updatedAt',
      ])
      assert.include(created.body(), {
        resourceType,
        resourceId: record.id,
        body: 'Reliable, early.',
        pinned: false,
        authorId: user.id,
        authorName: user.displayName,
      })
      const [entry] = await activityEntries(client, session, { entityType: 'resource_note' })
      assert.include(entry, {
        action: 'create',
        entityId: String(created.body().id),
        summary: `Added a note to ${described}`,
      })
    }
  })

  test('the list of one record: pinned first, then newest', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew()
    const other = await createCrew()
    const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 12, minutes)).toISOString()
    for (const [body, pinned, createdAt] of [
      ['old', false, at(1)],
      ['pinned old', true, at(2)],
      ['new', false, at(3)],
      ['pinned new', true, at(4)],
    ] as const) {
      const note = await ResourceNote.create({
        resourceType: 'crew',
        resourceId: crew.id,
        body,
        pinned,
      })
      await ResourceNote.query().where('id', note.id).update({ created_at: createdAt })
    }
    await ResourceNote.create({ resourceType: 'crew', resourceId: other.id, body: 'elsewhere' })
    await ResourceNote.create({ resourceType: 'vendor', resourceId: crew.id, body: 'a vendor' })

    const response = await client
      .get('/api/resource-notes')
      .qs({ resourceType: 'crew', resourceId: crew.id })
      .withSession(session)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().map((note: { body: string }) => note.body),
      ['pinned new', 'pinned old', 'new', 'old']
    )
  })

  test('edit, pin and unpin, delete; each logged with the record it is about', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const vendor = await createVendor({ name: 'Lights Ltd' })
    const note = await ResourceNote.create({
      resourceType: 'vendor',
      resourceId: vendor.id,
      body: 'Deposit 20%',
    })
    const latest = async () => {
      const [entry] = await activityEntries(client, session, { entityType: 'resource_note' })
      return entry
    }
    const latestSummary = async () => {
      const entry = await latest()
      return entry.summary
    }

    const edited = await client
      .patch(`/api/resource-notes/${note.id}`)
      .json({ body: 'Deposit 25%' })
      .withSession(session)
      .withCsrfToken()
    edited.assertStatus(200)
    assert.include(edited.body(), { body: 'Deposit 25%', pinned: false })
    const edit = await latest()
    assert.equal(edit.summary, 'Edited a note on vendor Lights Ltd')
    assert.deepEqual(edit.changes, { body: { from: 'Deposit 20%', to: 'Deposit 25%' } })

    const pinned = await client
      .patch(`/api/resource-notes/${note.id}`)
      .json({ pinned: true })
      .withSession(session)
      .withCsrfToken()
    assert.isTrue(pinned.body().pinned)
    assert.equal(await latestSummary(), 'Pinned a note on vendor Lights Ltd')
    await client
      .patch(`/api/resource-notes/${note.id}`)
      .json({ pinned: false })
      .withSession(session)
      .withCsrfToken()
    assert.equal(await latestSummary(), 'Unpinned a note on vendor Lights Ltd')

    const deleted = await client
      .delete(`/api/resource-notes/${note.id}`)
      .withSession(session)
      .withCsrfToken()
    deleted.assertBody({ success: true })
    assert.isNull(await ResourceNote.find(note.id))
    assert.include(await latest(), {
      action: 'delete',
      summary: 'Deleted a note on vendor Lights Ltd',
    })
  })

  test('a record that is unknown, of another kind or in the trash is 422', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew()
    const trashed = await trash(await createLocation())
    for (const [query, field] of [
      [{ resourceType: 'crew', resourceId: 999_999 }, 'resourceId'],
      [{ resourceType: 'location', resourceId: trashed.id }, 'resourceId'],
      [{ resourceType: 'project', resourceId: crew.id }, 'resourceType'],
      [{ resourceType: 'crew' }, 'resourceId'],
    ] as const) {
      const list = await client.get('/api/resource-notes').qs(query).withSession(session)
      assert.equal(list.status(), 422, JSON.stringify(query))
      assert.deepEqual(
        list.body().errors.map((error: { field: string }) => error.field),
        [field]
      )
      const create = await client
        .post('/api/resource-notes')
        .json({ ...query, body: 'Hi' })
        .withSession(session)
        .withCsrfToken()
      assert.equal(create.status(), 422, JSON.stringify(query))
    }
    for (const body of [{ body: '' }, { body: 'x'.repeat(10_001) }, { pinned: 'yes' }]) {
      const response = await client
        .post('/api/resource-notes')
        .json({ resourceType: 'crew', resourceId: crew.id, ...body })
        .withSession(session)
        .withCsrfToken()
      assert.equal(response.status(), 422, JSON.stringify(body))
    }
  })

  test('notes of a record in the trash, and unknown notes, are 404', async ({ client }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew()
    const note = await ResourceNote.create({
      resourceType: 'crew',
      resourceId: crew.id,
      body: 'Hidden while trashed',
    })
    await trash(crew)
    for (const request of [
      client.patch(`/api/resource-notes/${note.id}`).json({ pinned: true }),
      client.delete(`/api/resource-notes/${note.id}`),
      client.patch('/api/resource-notes/999999').json({ pinned: true }),
      client.delete('/api/resource-notes/abc'),
    ]) {
      const response = await request.withSession(session).withCsrfToken()
      response.assertStatus(404)
    }
    const unknown = await client
      .delete('/api/resource-notes/999999')
      .withSession(session)
      .withCsrfToken()
    unknown.assertBody({ message: 'Note not found' })
  })
})
