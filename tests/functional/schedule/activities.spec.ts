import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import Activity from '#models/schedule/activity'
import ActivityLog from '#models/schedule/activity_log'
import AssignmentDayNote from '#models/schedule/assignment_day_note'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  assignCrew,
  assignVendor,
  createCrew,
  createProject,
  createVendor,
} from '#tests/helpers/schedule_records'

type Session = Awaited<ReturnType<typeof schedulePerson>>['session']

function post(client: ApiClient, session: Session, url: string, body: object) {
  return client.post(url).json(body).withSession(session).withCsrfToken()
}

test.group('activities', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every activity route answers 401 without a session', async ({ client, assert }) => {
    const project = await createProject('2025-05-01', '2025-05-03')
    const requests = [
      client.get(`/api/activities?projectId=${project.id}`),
      client.post('/api/activities').json({}).withCsrfToken(),
      client.post('/api/activities/copy-day').json({}).withCsrfToken(),
      client.patch('/api/activities/1').json({}).withCsrfToken(),
      client.delete('/api/activities/1').withCsrfToken(),
      client.get('/api/activity-types'),
      client.post('/api/activity-types').json({ name: 'Shoot' }).withCsrfToken(),
    ]
    for (const request of requests) {
      const response = await request
      response.assertStatus(401)
      response.assertBody({ message: 'Not authenticated' })
    }
    assert.lengthOf(await Activity.all(), 0)
  })

  test('activity types are a list with a colour and an icon', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const created = await post(client, session, '/api/activity-types', {
      name: 'Shoot',
      color: '#FF0000',
      icon: 'camera',
    })
    created.assertStatus(201)
    assert.deepInclude(created.body(), { name: 'Shoot', color: '#ff0000', icon: 'camera' })
    const duplicate = await post(client, session, '/api/activity-types', { name: 'shoot' })
    duplicate.assertStatus(409)
    const list = await client.get('/api/activity-types').withSession(session)
    assert.deepEqual(
      list.body().map((type: { name: string }) => type.name),
      ['Shoot']
    )
  })

  test('an activity is created with participants from the roster, changed and removed', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03', { name: 'Ad' })
    const crew = await assignCrew(project, await createCrew({ name: 'Zoë Ångström' }))
    const vendor = await assignVendor(project, await createVendor({ name: 'Grip Co' }))

    const created = await post(client, session, '/api/activities', {
      projectId: project.id,
      date: '2025-05-02',
      name: 'Lighting setup',
      startTime: '08:00',
      endTime: '09:30',
      marker: 'start',
      crewAssignmentIds: [crew.id],
      vendorAssignmentIds: [vendor.id],
    })
    created.assertStatus(201)
    const activity = created.body()
    assert.deepInclude(activity, {
      projectId: project.id,
      date: '2025-05-02',
      name: 'Lighting setup',
      startTime: '08:00',
      endTime: '09:30',
      isMilestone: false,
      marker: 'start',
      warnings: [],
      lane: 0,
      lanes: 1,
    })
    assert.deepEqual(activity.participants, [
      { kind: 'vendor', assignmentId: vendor.id, name: 'Grip Co' },
      { kind: 'crew', assignmentId: crew.id, name: 'Zoë Ångström' },
    ])

    const moved = await client
      .patch(`/api/activities/${activity.id}`)
      .json({ startTime: '10:00', endTime: '11:00', vendorAssignmentIds: [] })
      .withSession(session)
      .withCsrfToken()
    moved.assertStatus(200)
    assert.deepInclude(moved.body(), { startTime: '10:00', endTime: '11:00' })
    assert.deepEqual(
      moved.body().participants.map((person: { name: string }) => person.name),
      ['Zoë Ångström']
    )

    const removed = await client
      .delete(`/api/activities/${activity.id}`)
      .withSession(session)
      .withCsrfToken()
    removed.assertStatus(200)
    assert.lengthOf(await Activity.all(), 0)
    const logs = await ActivityLog.query().where('entity_type', 'activity').orderBy('id')
    assert.deepEqual(
      logs.map((log) => log.summary),
      [
        'Added "Lighting setup" to 2 May 2025 on "Ad"',
        'Updated "Lighting setup" on 2 May 2025 of "Ad"',
        'Removed "Lighting setup" from 2 May 2025 of "Ad"',
      ]
    )
    assert.deepEqual(logs[1].changes, {
      startTime: { from: '08:00', to: '10:00' },
      endTime: { from: '09:30', to: '11:00' },
    })
  })

  test('a day outside the project, a participant not on the roster and times out of order are refused', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const elsewhere = await createProject('2025-05-01', '2025-05-03')
    const stranger = await assignCrew(elsewhere, await createCrew())
    const base = { projectId: project.id, date: '2025-05-02', name: 'Shoot', startTime: '08:00' }

    const outside = await post(client, session, '/api/activities', { ...base, date: '2025-05-04' })
    outside.assertStatus(422)
    assert.equal(outside.body().errors[0].field, 'date')
    assert.equal(outside.body().errors[0].message, 'The project does not run on 4 May 2025')

    const notOnRoster = await post(client, session, '/api/activities', {
      ...base,
      crewAssignmentIds: [stranger.id],
    })
    notOnRoster.assertStatus(422)
    assert.equal(notOnRoster.body().errors[0].field, 'crewAssignmentIds')

    const backwards = await post(client, session, '/api/activities', { ...base, endTime: '07:00' })
    backwards.assertStatus(422)
    assert.equal(backwards.body().errors[0].field, 'endTime')

    const badTime = await post(client, session, '/api/activities', { ...base, startTime: '25:00' })
    badTime.assertStatus(422)
    assert.lengthOf(await Activity.all(), 0)
  })

  test('a milestone has no end; each day has at most one Start and one End marker', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const base = { projectId: project.id, date: '2025-05-02' }

    const milestone = await post(client, session, '/api/activities', {
      ...base,
      name: 'Wrap',
      startTime: '19:00',
      marker: 'end',
    })
    milestone.assertStatus(201)
    assert.deepInclude(milestone.body(), { endTime: null, isMilestone: true, marker: 'end' })

    const secondEnd = await post(client, session, '/api/activities', {
      ...base,
      name: 'Really wrap',
      startTime: '20:00',
      marker: 'end',
    })
    secondEnd.assertStatus(422)
    assert.deepEqual(secondEnd.body().errors[0], {
      field: 'marker',
      message: '2 May 2025 already has its End marker',
      rule: 'oneMarker',
    })

    const otherDay = await post(client, session, '/api/activities', {
      ...base,
      date: '2025-05-03',
      name: 'Wrap',
      startTime: '18:00',
      marker: 'end',
    })
    otherDay.assertStatus(201)
    // Changing the activity that has the marker keeps it.
    const kept = await client
      .patch(`/api/activities/${milestone.body().id}`)
      .json({ startTime: '19:30', marker: 'end' })
      .withSession(session)
      .withCsrfToken()
    kept.assertStatus(200)
  })

  test('overlapping activities sit side by side; a person in two at once and a person off that day are flagged', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const crew = await assignCrew(project, await createCrew({ name: 'Ana' }))
    const resting = await assignCrew(project, await createCrew({ name: 'Ben' }))
    await AssignmentDayNote.create({
      projectId: project.id,
      projectCrewId: resting.id,
      date: '2025-05-02',
      isScheduled: false,
    })
    const base = { projectId: project.id, date: '2025-05-02' }
    const first = await post(client, session, '/api/activities', {
      ...base,
      name: 'Rehearsal',
      startTime: '09:00',
      endTime: '11:00',
      crewAssignmentIds: [crew.id],
    })
    const second = await post(client, session, '/api/activities', {
      ...base,
      name: 'Fitting',
      startTime: '10:00',
      endTime: '10:30',
      crewAssignmentIds: [crew.id, resting.id],
    })
    const after = await post(client, session, '/api/activities', {
      ...base,
      name: 'Lunch',
      startTime: '11:00',
      endTime: '12:00',
      crewAssignmentIds: [crew.id],
    })

    const day = await client
      .get(`/api/activities?projectId=${project.id}&date=2025-05-02`)
      .withSession(session)
    day.assertStatus(200)
    const byName = Object.fromEntries(
      day.body().map((activity: { name: string }) => [activity.name, activity])
    )
    assert.deepInclude(byName.Rehearsal, { lane: 0, lanes: 2 })
    assert.deepInclude(byName.Fitting, { lane: 1, lanes: 2 })
    // Lunch starts when the rehearsal ends: no overlap, full width.
    assert.deepInclude(byName.Lunch, { lane: 0, lanes: 1, warnings: [] })

    assert.deepEqual(byName.Rehearsal.warnings, [
      {
        kind: 'doubleBooked',
        name: 'Ana',
        assignment: { kind: 'crew', id: crew.id },
        otherActivityId: second.body().id,
        otherActivityName: 'Fitting',
      },
    ])
    assert.sameDeepMembers(byName.Fitting.warnings, [
      {
        kind: 'doubleBooked',
        name: 'Ana',
        assignment: { kind: 'crew', id: crew.id },
        otherActivityId: first.body().id,
        otherActivityName: 'Rehearsal',
      },
      { kind: 'notScheduled', name: 'Ben', assignment: { kind: 'crew', id: resting.id } },
    ])
    assert.equal(after.body().name, 'Lunch')
  })

  test('a day is copied to another day with its participants; a taken marker stays behind', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const crew = await assignCrew(project, await createCrew({ name: 'Ana' }))
    const base = { projectId: project.id }
    await post(client, session, '/api/activities', {
      ...base,
      date: '2025-05-01',
      name: 'Crew call',
      startTime: '07:00',
      marker: 'start',
    })
    await post(client, session, '/api/activities', {
      ...base,
      date: '2025-05-01',
      name: 'Shoot',
      startTime: '08:00',
      endTime: '12:00',
      crewAssignmentIds: [crew.id],
    })
    await post(client, session, '/api/activities', {
      ...base,
      date: '2025-05-02',
      name: 'Early call',
      startTime: '06:00',
      marker: 'start',
    })

    const copied = await post(client, session, '/api/activities/copy-day', {
      ...base,
      from: '2025-05-01',
      to: '2025-05-02',
    })
    copied.assertStatus(200)
    assert.deepEqual(
      copied
        .body()
        .map((activity: { name: string; marker: string | null; participants: unknown[] }) => [
          activity.name,
          activity.marker,
          activity.participants.length,
        ]),
      [
        ['Early call', 'start', 0],
        ['Crew call', null, 0],
        ['Shoot', null, 1],
      ]
    )

    const replaced = await post(client, session, '/api/activities/copy-day', {
      ...base,
      from: '2025-05-01',
      to: '2025-05-03',
      replace: true,
    })
    assert.deepEqual(
      replaced.body().map((activity: { marker: string | null }) => activity.marker),
      ['start', null]
    )

    const outside = await post(client, session, '/api/activities/copy-day', {
      ...base,
      from: '2025-05-01',
      to: '2025-05-09',
    })
    outside.assertStatus(422)
    assert.equal(outside.body().errors[0].field, 'to')
    // The source day is untouched.
    assert.lengthOf(await Activity.query().where('date', '2025-05-01'), 2)
  })
})
