import { test } from '@japa/runner'
import type { Group } from '@japa/runner/core'
import app from '@adonisjs/core/services/app'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import Project from '#models/schedule/project'
import { jobs } from '#jobs/schedule/registry'
import { CalendarClient } from '#services/schedule/calendar_sync/calendar_client'
import { CALENDAR_SYNC_PROJECT_JOB } from '#services/schedule/calendar_sync/calendar_sync_queue'
import { freePort } from '#services/shared/local_stack'
import { runCommand } from '#tests/helpers/ace_commands'
import { runRegisteredJob } from '#tests/helpers/registered_jobs'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  assignCrew,
  createClient,
  createCrew,
  createLocation,
  createProject,
} from '#tests/helpers/schedule_records'
import AssignmentDayNote from '#models/schedule/assignment_day_note'
import {
  makeServiceAccountKey,
  startGoogleCalendarFake,
  type FakeEvent,
  type GoogleCalendarFake,
  type ReceivedRequest,
} from '#tests/fakes/google_calendar'

let calendar: GoogleCalendarFake

type Session = Awaited<ReturnType<typeof schedulePerson>>['session']

/** schedule's CalendarClient signs in with this key (the fake's own unless told) and talks to the fake. */
function useCalendarFake(options: { serviceKey?: string | null; rootUrl?: string } = {}) {
  const serviceKey =
    options.serviceKey === undefined
      ? JSON.stringify(calendar.serviceAccountKey)
      : (options.serviceKey ?? undefined)
  app.container.swap(
    CalendarClient,
    () =>
      new CalendarClient({
        serviceKey,
        rootUrl: options.rootUrl ?? calendar.url,
        // Google's backoff in milliseconds, not seconds: the retries are what is tested.
        retryBaseMs: 5,
        timeoutMs: 5000,
      })
  )
}

function withCalendarFake(group: Group) {
  group.setup(async () => {
    calendar = await startGoogleCalendarFake()
    return async () => {
      app.container.restore(CalendarClient)
      await calendar.close()
    }
  })
  group.each.setup(() => {
    calendar.reset()
    useCalendarFake()
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
}

async function statusId(name: string) {
  const row = await db.from('project_statuses').where('name', name).firstOrFail()
  return row.id as number
}

async function admin() {
  const { session } = await schedulePerson('admin')
  return session
}

/** The admin chooses the fake's calendar and lets Confirmed projects through. */
async function configure(
  client: import('@japa/api-client').ApiClient,
  session: Session,
  changes: Record<string, unknown> = {}
) {
  const response = await client
    .patch('/api/admin/calsync/settings')
    .json({
      calendarId: calendar.calendarId,
      timezone: 'Europe/London',
      allowedStatuses: [await statusId('Confirmed')],
      ...changes,
    })
    .withSession(session)
    .withCsrfToken()
  response.assertStatus(200)
  response.assertBody({ success: true })
}

async function syncNow(client: import('@japa/api-client').ApiClient, session: Session) {
  const response = await client.post('/api/admin/calsync/sync').withSession(session).withCsrfToken()
  response.assertStatus(200)
  return response.body() as {
    synced: number
    errors: { projectId: number | null; projectName: string | null; message: string }[]
  }
}

/** The syncs of this project waiting in pg-boss's queue. */
async function waitingJobs(projectId: number) {
  const { rows } = await db.rawQuery(
    `select singleton_key, data, start_after > now() as later
       from pgboss.job where name = ? and state = 'created' and singleton_key = ?`,
    [CALENDAR_SYNC_PROJECT_JOB, String(projectId)]
  )
  return rows as { singleton_key: string; data: { projectId: number }; later: boolean }[]
}

const writes = (requests: ReceivedRequest[]) =>
  requests.filter((request) => request.method !== 'GET').map((r) => `${r.method} ${lastSegment(r)}`)

function lastSegment(request: ReceivedRequest) {
  return request.method === 'POST'
    ? (request.body as { id: string }).id
    : decodeURIComponent(request.path.split('/').at(-1)!)
}

const byDate = (events: FakeEvent[]) =>
  events
    .map((event) => ({ id: event.id, date: event.start.date, end: event.end.date }))
    .sort((a, b) => a.id.localeCompare(b.id))

test.group('calendar sync: access', (group) => {
  withCalendarFake(group)

  const routes = [
    ['GET', '/api/admin/calsync/status'],
    ['PATCH', '/api/admin/calsync/settings'],
    ['POST', '/api/admin/calsync/test'],
    ['POST', '/api/admin/calsync/sync'],
  ] as const

  test('signed out, every route is 401; staff get 403; Google is never asked', async ({
    client,
    assert,
  }) => {
    const { session: staff } = await schedulePerson('staff')
    for (const [method, url] of routes) {
      const signedOut = await client.request(url, method).json({}).withCsrfToken()
      signedOut.assertStatus(401)
      signedOut.assertBody({ message: 'Not authenticated' })
      const asStaff = await client.request(url, method).json({}).withSession(staff).withCsrfToken()
      asStaff.assertStatus(403)
      asStaff.assertBody({ message: 'Admin access required' })
    }
    assert.lengthOf(calendar.received, 0)
  })
})

test.group('calendar sync: settings, status and test', (group) => {
  withCalendarFake(group)

  test('without CALENDAR_SERVICE_KEY the status says how to set it and sync answers 503', async ({
    client,
    assert,
  }) => {
    useCalendarFake({ serviceKey: null })
    const session = await admin()
    const status = await client.get('/api/admin/calsync/status').withSession(session)
    status.assertStatus(200)
    assert.isFalse(status.body().configured)
    assert.include(status.body().problem, 'CALENDAR_SERVICE_KEY')
    assert.isNull(status.body().serviceAccountEmail)

    const docs = await client.get('/api/app-docs')
    assert.isFalse(docs.body().features.calendarSync)

    const sync = await client.post('/api/admin/calsync/sync').withSession(session).withCsrfToken()
    sync.assertStatus(503)
    assert.include(sync.body().message, 'CALENDAR_SERVICE_KEY')

    const tested = await client
      .post('/api/admin/calsync/test')
      .json({ calendarId: calendar.calendarId })
      .withSession(session)
      .withCsrfToken()
    assert.isFalse(tested.body().success)
    assert.include(tested.body().error, 'CALENDAR_SERVICE_KEY')
  })

  test('settings are validated, stored, and shown by the status with the service account', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    const bad = await client
      .patch('/api/admin/calsync/settings')
      .json({ timezone: 'Mars/Olympus', allowedStatuses: [999_999], descriptionFields: { x: 1 } })
      .withSession(session)
      .withCsrfToken()
    bad.assertStatus(422)
    assert.includeMembers(
      bad.body().errors.map((error: { field: string }) => error.field),
      ['timezone']
    )
    const unknownStatus = await client
      .patch('/api/admin/calsync/settings')
      .json({ allowedStatuses: [999_999] })
      .withSession(session)
      .withCsrfToken()
    unknownStatus.assertStatus(422)
    assert.equal(unknownStatus.body().errors[0].field, 'allowedStatuses.0')

    const docs = await client.get('/api/app-docs')
    assert.isTrue(docs.body().features.calendarSync)

    await configure(client, session, { descriptionFields: { people: true, link: false } })
    const status = await client.get('/api/admin/calsync/status').withSession(session)
    status.assertStatus(200)
    assert.containsSubset(status.body(), {
      configured: true,
      serviceAccountEmail: calendar.serviceAccountKey.client_email,
      problem: null,
      settings: {
        calendarId: calendar.calendarId,
        timezone: 'Europe/London',
        allowedStatuses: [await statusId('Confirmed')],
        descriptionFields: { client: true, status: true, people: true, link: false },
      },
      lastSyncAt: null,
      lastSyncResult: null,
    })
    assert.notInclude(JSON.stringify(status.body()), 'PRIVATE KEY')
  })

  test('test names the calendar; a calendar not shared, a wrong key and no service each say what to do', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    const tryCalendar = (calendarId: string) =>
      client
        .post('/api/admin/calsync/test')
        .json({ calendarId })
        .withSession(session)
        .withCsrfToken()

    const good = await tryCalendar(calendar.calendarId)
    good.assertStatus(200)
    good.assertBody({ success: true, calendarName: 'Harbour Lights Productions' })

    // The key file's JSON in base64, as an environment variable often holds it.
    useCalendarFake({
      serviceKey: Buffer.from(JSON.stringify(calendar.serviceAccountKey)).toString('base64'),
    })
    const base64 = await tryCalendar(calendar.calendarId)
    good.assertBody(base64.body())
    useCalendarFake()

    calendar.addCalendar({ id: 'owner@example.com', summary: 'Not shared', timeZone: 'UTC' })
    const hidden = await tryCalendar('owner@example.com')
    assert.isFalse(hidden.body().success)
    assert.include(hidden.body().error, 'cannot see the calendar owner@example.com')
    assert.include(hidden.body().error, calendar.serviceAccountKey.client_email)

    useCalendarFake({
      serviceKey: JSON.stringify(makeServiceAccountKey(calendar.serviceAccountKey.client_email)),
    })
    const wrongKey = await tryCalendar(calendar.calendarId)
    assert.isFalse(wrongKey.body().success)
    assert.include(wrongKey.body().error, 'refused the service-account key')

    useCalendarFake({ serviceKey: '{"not": "a key"}' })
    const notAKey = await tryCalendar(calendar.calendarId)
    assert.isFalse(notAKey.body().success)
    assert.include(notAKey.body().error, 'client_email and private_key')

    useCalendarFake({
      serviceKey: JSON.stringify({
        ...calendar.serviceAccountKey,
        private_key: '-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n',
      }),
    })
    const brokenKey = await tryCalendar(calendar.calendarId)
    assert.isFalse(brokenKey.body().success)
    assert.include(brokenKey.body().error, 'no usable private key')

    // Google failing: each request is tried 4 times, by the app alone (the SDK's own retries are off).
    useCalendarFake()
    calendar.received.length = 0
    for (let attempt = 0; attempt < 4; attempt++) {
      calendar.failNext({ status: 503 })
    }
    const failing = await tryCalendar(calendar.calendarId)
    assert.isFalse(failing.body().success)
    assert.include(failing.body().error, 'Google Calendar failed (503')
    assert.lengthOf(calendar.received, 4)

    useCalendarFake({ rootUrl: `http://127.0.0.1:${await freePort()}/` })
    const unreachable = await tryCalendar(calendar.calendarId)
    assert.isFalse(unreachable.body().success)
    assert.include(unreachable.body().error, 'could not be reached')

    const invalid = await client
      .post('/api/admin/calsync/test')
      .json({})
      .withSession(session)
      .withCsrfToken()
    invalid.assertStatus(422)
  })
})

test.group('calendar sync: syncing projects', (group) => {
  withCalendarFake(group)

  test('first sync: one all-day event per project day, the map on the project, the run recorded', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    await configure(client, session)
    const harbour = await createClient({ name: 'Harbour Films' })
    const confirmed = await createProject('2026-03-02', '2026-03-04', {
      name: 'Lighthouse shoot',
      clientId: harbour.id,
      projectStatusId: await statusId('Confirmed'),
    })
    await createProject('2026-03-02', '2026-03-03', {
      projectStatusId: await statusId('Enquiry'),
    })

    const result = await syncNow(client, session)
    assert.deepEqual(result, { synced: 1, errors: [] })

    const id = (date: string) => `p${confirmed.id}d${date.replaceAll('-', '')}`
    assert.deepEqual(byDate(calendar.liveEvents()), [
      { id: id('2026-03-02'), date: '2026-03-02', end: '2026-03-03' },
      { id: id('2026-03-03'), date: '2026-03-03', end: '2026-03-04' },
      { id: id('2026-03-04'), date: '2026-03-04', end: '2026-03-05' },
    ])
    const [first] = calendar.liveEvents()
    assert.equal(first.summary, 'Lighthouse shoot')
    assert.include(first.description, 'Client: Harbour Films')
    assert.include(first.description, 'Status: Confirmed')
    assert.include(first.description, `/projects/${confirmed.id}`)
    assert.deepEqual(first.extendedProperties?.private, {
      scheduleSource: 'schedule',
      scheduleProjectId: String(confirmed.id),
      scheduleDate: '2026-03-02',
    })

    await confirmed.refresh()
    assert.deepEqual(confirmed.calendarEventIds, {
      '2026-03-02': id('2026-03-02'),
      '2026-03-03': id('2026-03-03'),
      '2026-03-04': id('2026-03-04'),
    })
    const status = await client.get('/api/admin/calsync/status').withSession(session)
    assert.deepEqual(status.body().lastSyncResult, { synced: 1, errors: [] })
    assert.isString(status.body().lastSyncAt)
    assert.equal(status.body().projectsWithEvents, 1)
  })

  test('a repeated sync sends nothing; a day with call and wrap times becomes a timed event', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    await configure(client, session)
    const project = await createProject('2026-04-06', '2026-04-07', {
      projectStatusId: await statusId('Confirmed'),
    })
    await syncNow(client, session)
    calendar.received.length = 0

    assert.deepEqual(await syncNow(client, session), { synced: 1, errors: [] })
    assert.deepEqual(writes(calendar.received), [])
    assert.lengthOf(calendar.liveEvents(), 2)

    const day = await client
      .put(`/api/projects/${project.id}/day-info/2026-04-07`)
      .json({ title: 'Night exteriors', callTime: '18:00', wrapTime: '02:00' })
      .withSession(session)
      .withCsrfToken()
    day.assertStatus(200)
    await syncNow(client, session)
    assert.deepEqual(writes(calendar.received), [`PUT p${project.id}d20260407`])
    const night = calendar.liveEvents().find((event) => event.id === `p${project.id}d20260407`)!
    assert.deepEqual(night.start, { dateTime: '2026-04-07T18:00:00', timeZone: 'Europe/London' })
    assert.deepEqual(night.end, { dateTime: '2026-04-08T02:00:00', timeZone: 'Europe/London' })
    assert.include(night.description, 'Night exteriors')
  })

  test('descriptions name who works each day; a day’s own location wins over the project’s', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    await configure(client, session, {
      descriptionFields: { people: true, client: false, status: false, link: false },
    })
    const studio = await createLocation({ name: 'Harbour Studio', address: '1 Quay Road, Hull' })
    const pier = await createLocation({ name: 'North Pier' })
    const project = await createProject('2026-06-15', '2026-06-16', {
      projectStatusId: await statusId('Confirmed'),
      locationId: studio.id,
    })
    const confirmedCrew = await db.from('statuses').where('name', 'Confirmed').firstOrFail()
    const declined = await db.from('statuses').where('name', 'Declined').firstOrFail()
    const gaffer = await db.table('crew_roles').insert({ name: 'Calsync Gaffer' }).returning('id')
    const ana = await assignCrew(project, await createCrew({ name: 'Ana Lumen' }), {
      statusId: confirmedCrew.id,
      crewRoleId: gaffer[0].id,
    })
    await assignCrew(project, await createCrew({ name: 'Ben Declined' }), {
      statusId: declined.id,
    })
    await AssignmentDayNote.create({
      projectId: project.id,
      projectCrewId: ana.id,
      date: '2026-06-16',
      isScheduled: false,
    })
    await client
      .put(`/api/projects/${project.id}/day-info/2026-06-16`)
      .json({ locationId: pier.id })
      .withSession(session)
      .withCsrfToken()

    await syncNow(client, session)
    const [first, second] = calendar
      .liveEvents()
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((event) => ({ location: event.location, description: event.description }))
    assert.deepEqual(first, {
      location: 'Harbour Studio, 1 Quay Road, Hull',
      description: 'Booked:\n- Ana Lumen (Calsync Gaffer)',
    })
    assert.deepEqual(second, { location: 'North Pier', description: undefined })
  })

  test('a moved project: days it left are deleted, new days inserted, shared days untouched', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    await configure(client, session)
    const project = await createProject('2026-05-04', '2026-05-06', {
      projectStatusId: await statusId('Confirmed'),
    })
    await syncNow(client, session)
    calendar.received.length = 0

    const moved = await client
      .patch(`/api/projects/${project.id}`)
      .json({ startDate: '2026-05-05', endDate: '2026-05-07' })
      .withSession(session)
      .withCsrfToken()
    moved.assertStatus(200)
    await syncNow(client, session)

    assert.sameMembers(writes(calendar.received), [
      `POST p${project.id}d20260507`,
      `DELETE p${project.id}d20260504`,
    ])
    assert.deepEqual(
      byDate(calendar.liveEvents()).map((event) => event.date),
      ['2026-05-05', '2026-05-06', '2026-05-07']
    )
    await project.refresh()
    assert.sameMembers(Object.keys(project.calendarEventIds), [
      '2026-05-05',
      '2026-05-06',
      '2026-05-07',
    ])
  })

  test('a status taken off the allowed list removes its projects’ events', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    await configure(client, session)
    const project = await createProject('2026-06-01', '2026-06-02', {
      projectStatusId: await statusId('Confirmed'),
    })
    await syncNow(client, session)
    assert.lengthOf(calendar.liveEvents(), 2)

    await configure(client, session, { allowedStatuses: [await statusId('Wrapped')] })
    assert.deepEqual(await syncNow(client, session), { synced: 1, errors: [] })
    assert.lengthOf(calendar.liveEvents(), 0)
    await project.refresh()
    assert.deepEqual(project.calendarEventIds, {})
  })

  test('a trashed project loses its events; restored, its deleted ids come back (409 → update)', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    await configure(client, session)
    const project = await createProject('2026-07-01', '2026-07-01', {
      projectStatusId: await statusId('Confirmed'),
    })
    await syncNow(client, session)
    const trashed = await client
      .delete(`/api/projects/${project.id}`)
      .withSession(session)
      .withCsrfToken()
    trashed.assertStatus(200)
    await syncNow(client, session)
    assert.lengthOf(calendar.liveEvents(), 0)
    assert.equal(calendar.events()[0].status, 'cancelled')

    calendar.received.length = 0
    await client
      .post(`/api/trash/projects/${project.id}/restore`)
      .withSession(session)
      .withCsrfToken()
    assert.deepEqual(await syncNow(client, session), { synced: 1, errors: [] })
    assert.deepEqual(writes(calendar.received), [
      `POST p${project.id}d20260701`,
      `PUT p${project.id}d20260701`,
    ])
    assert.lengthOf(calendar.liveEvents(), 1)
  })

  test('a 403 on one event fails that project only; the next sync writes the missing day', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    await configure(client, session)
    const refused = await createProject('2026-08-03', '2026-08-04', {
      name: 'Refused day',
      projectStatusId: await statusId('Confirmed'),
    })
    const other = await createProject('2026-08-10', '2026-08-10', {
      projectStatusId: await statusId('Confirmed'),
    })
    const refusedId = `p${refused.id}d20260803`
    calendar.failNext(
      { status: 403, reason: 'forbidden' },
      (request) => request.method === 'POST' && (request.body as { id: string }).id === refusedId
    )

    const result = await syncNow(client, session)
    assert.equal(result.synced, 1)
    assert.lengthOf(result.errors, 1)
    assert.containsSubset(result.errors[0], { projectId: refused.id, projectName: 'Refused day' })
    assert.include(result.errors[0].message, 'forbidden')
    assert.sameMembers(
      calendar.liveEvents().map((event) => event.id),
      [`p${refused.id}d20260804`, `p${other.id}d20260810`]
    )

    calendar.received.length = 0
    assert.deepEqual(await syncNow(client, session), { synced: 2, errors: [] })
    assert.deepEqual(writes(calendar.received), [`POST ${refusedId}`])
  })

  test('a 429 and a 403 rate limit are retried with backoff, then the sync succeeds', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    await configure(client, session)
    const project = await createProject('2026-09-01', '2026-09-01', {
      projectStatusId: await statusId('Confirmed'),
    })
    const isInsert = (request: ReceivedRequest) => request.method === 'POST'
    calendar.failNext({ status: 429 }, isInsert)
    calendar.failNext({ status: 403, reason: 'rateLimitExceeded' }, isInsert)

    assert.deepEqual(await syncNow(client, session), { synced: 1, errors: [] })
    assert.deepEqual(writes(calendar.received), [
      `POST p${project.id}d20260901`,
      `POST p${project.id}d20260901`,
      `POST p${project.id}d20260901`,
    ])
    assert.lengthOf(calendar.liveEvents(), 1)
  })

  test('a project Google keeps refusing with 429 is counted as an error and left to its job', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    await configure(client, session)
    const busy = await createProject('2026-09-07', '2026-09-07', {
      name: 'Busy day',
      projectStatusId: await statusId('Confirmed'),
    })
    for (let attempt = 0; attempt < 4; attempt++) {
      calendar.failNext({ status: 429 }, (request) => request.method === 'POST')
    }
    const result = await syncNow(client, session)
    assert.equal(result.synced, 0)
    assert.containsSubset(result.errors, [{ projectId: busy.id, projectName: 'Busy day' }])
    assert.include(result.errors[0].message, 'tried again in the background')
    assert.deepEqual(await waitingJobs(busy.id), [
      { singleton_key: String(busy.id), data: { projectId: busy.id }, later: true },
    ])
  })

  test('events of a project removed for good before its sync are found by their mark and deleted', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    await configure(client, session)
    const removed = await createProject('2026-09-14', '2026-09-15', {
      projectStatusId: await statusId('Confirmed'),
    })
    const kept = await createProject('2026-09-14', '2026-09-14', {
      projectStatusId: await statusId('Confirmed'),
    })
    await syncNow(client, session)
    await Project.query().where('id', removed.id).delete()
    calendar.received.length = 0

    assert.deepEqual(await syncNow(client, session), { synced: 1, errors: [] })
    assert.sameMembers(writes(calendar.received), [
      `DELETE p${removed.id}d20260914`,
      `DELETE p${removed.id}d20260915`,
    ])
    assert.deepEqual(
      calendar.liveEvents().map((event) => event.id),
      [`p${kept.id}d20260914`]
    )
  })

  test('a calendar the account cannot see fails the run once, touching no project', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    await configure(client, session, { calendarId: 'owner@example.com' })
    await createProject('2026-09-01', '2026-09-01', {
      projectStatusId: await statusId('Confirmed'),
    })
    const result = await syncNow(client, session)
    assert.equal(result.synced, 0)
    assert.lengthOf(result.errors, 1)
    assert.isNull(result.errors[0].projectId)
    assert.include(result.errors[0].message, 'cannot see the calendar')
    assert.deepEqual(writes(calendar.received), [])
  })
})

test.group('calendar sync: the job and the command', (group) => {
  withCalendarFake(group)
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('changes to a project queue one debounced job; it syncs the project, and retries Google’s 5xx', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    await configure(client, session)
    const project = await createProject('2026-10-05', '2026-10-06', {
      projectStatusId: await statusId('Confirmed'),
    })
    for (const name of ['Renamed once', 'Renamed twice']) {
      const response = await client
        .patch(`/api/projects/${project.id}`)
        .json({ name })
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(200)
    }
    const queued = await waitingJobs(project.id)
    assert.deepEqual(queued, [
      { singleton_key: String(project.id), data: { projectId: project.id }, later: true },
    ])

    const job = jobs.find((definition) => definition.name === CALENDAR_SYNC_PROJECT_JOB)!
    const run = (data: object) =>
      job.handler(data, {
        jobId: 'test',
        retryCount: 0,
        isLastAttempt: false,
        signal: new AbortController().signal,
        jobs: null as never,
      })
    for (let attempt = 0; attempt < 4; attempt++) {
      calendar.failNext({ status: 503 })
    }
    await assert.rejects(() => run({ projectId: project.id }), /Google Calendar failed \(503/)
    assert.lengthOf(calendar.liveEvents(), 0)

    const outcome = (await run({ projectId: project.id })) as { written: number; error: null }
    assert.containsSubset(outcome, { written: 2, error: null })
    assert.deepEqual(
      calendar.liveEvents().map((event) => event.summary),
      ['Renamed twice', 'Renamed twice']
    )
  })

  test('the nightly job syncs every project once calendar sync is set up, and records the run', async ({
    client,
    assert,
  }) => {
    const before = await runRegisteredJob(jobs, 'schedule.calendar-sync-all')
    assert.deepEqual(before, { skipped: 'calendar sync is not set up' })

    const session = await admin()
    await configure(client, session)
    const project = await createProject('2026-12-07', '2026-12-07', {
      projectStatusId: await statusId('Confirmed'),
    })
    const result = (await runRegisteredJob(jobs, 'schedule.calendar-sync-all')) as {
      synced: number
      errors: unknown[]
    }
    assert.deepEqual(result.errors, [])
    assert.isAtLeast(result.synced, 1)
    assert.deepEqual(
      calendar.liveEvents().map((event) => event.id),
      [`p${project.id}d20261207`]
    )
    const status = await client.get('/api/admin/calsync/status').withSession(session)
    assert.deepEqual(status.body().lastSyncResult, result)
  })

  test('schedule:calendar:sync prints a line per project and the totals; --project syncs one', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    await configure(client, session)
    const project = await createProject('2026-11-02', '2026-11-03', {
      name: 'Command shoot',
      projectStatusId: await statusId('Confirmed'),
    })

    const all = await runCommand('schedule:calendar:sync')
    assert.equal(all.exitCode, 0)
    assert.include(
      all.output,
      `1/1 Command shoot (#${project.id}): 2 written, 0 removed, 0 unchanged`
    )
    assert.include(all.output, 'Synced 1 project(s); 0 error(s)')
    assert.lengthOf(calendar.liveEvents(), 2)

    await Project.query().where('id', project.id).update({ end_date: '2026-11-02' })
    const one = await runCommand('schedule:calendar:sync', [`--project=${project.id}`])
    assert.equal(one.exitCode, 0)
    assert.include(one.output, `Command shoot (#${project.id}): 0 written, 1 removed, 1 unchanged`)
    assert.lengthOf(calendar.liveEvents(), 1)

    useCalendarFake({ serviceKey: null })
    const off = await runCommand('schedule:calendar:sync')
    assert.equal(off.exitCode, 1)
    assert.include(off.output, 'CALENDAR_SERVICE_KEY')
  })

  test('schedule:calendar:setup shows the state and changes the settings, testing a new calendar', async ({
    assert,
  }) => {
    const shown = await runCommand('schedule:calendar:setup')
    assert.equal(shown.exitCode, 0)
    assert.include(shown.output, `Service account: ${calendar.serviceAccountKey.client_email}`)
    assert.include(shown.output, 'Calendar: none chosen')

    const set = await runCommand('schedule:calendar:setup', [
      `--calendar=${calendar.calendarId}`,
      '--timezone=Europe/Paris',
      '--status=confirmed',
      '--status=Wrapped',
      '--show=client',
      '--show=link',
    ])
    assert.equal(set.exitCode, 0, set.output)
    assert.include(set.output, 'Statuses synced: Confirmed, Wrapped')
    assert.include(set.output, 'Descriptions show: client, link')
    assert.include(set.output, 'The service account can see "Harbour Lights Productions"')

    const unknown = await runCommand('schedule:calendar:setup', ['--status=Filming'])
    assert.equal(unknown.exitCode, 1)
    assert.include(unknown.output, 'No project status Filming')
    const badZone = await runCommand('schedule:calendar:setup', ['--timezone=Mars/Olympus'])
    assert.equal(badZone.exitCode, 1)
    assert.include(badZone.output, 'timezone')

    calendar.addCalendar({ id: 'owner@example.com', summary: 'Not shared', timeZone: 'UTC' })
    const hidden = await runCommand('schedule:calendar:setup', ['--calendar=owner@example.com'])
    assert.equal(hidden.exitCode, 1)
    assert.include(hidden.output, 'cannot see the calendar owner@example.com')
  })
})
