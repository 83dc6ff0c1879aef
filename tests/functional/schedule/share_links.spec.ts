import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { appUrl } from '#config/app'
import ActivityLog from '#models/schedule/activity_log'
import AssignmentDayNote from '#models/schedule/assignment_day_note'
import CrewRole from '#models/schedule/crew_role'
import ProjectDayInfo from '#models/schedule/project_day_info'
import ProjectStatus from '#models/schedule/project_status'
import PublicShareLink from '#models/schedule/public_share_link'
import ResourceNote from '#models/schedule/resource_note'
import Status from '#models/schedule/status'
import VendorType from '#models/schedule/vendor_type'
import { addDays, today } from '#services/schedule/projects/project_days'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  assignCrew,
  assignVendor,
  createClient,
  createCrew,
  createLocation,
  createProject,
  createShareLink,
  createVendor,
  trash,
} from '#tests/helpers/schedule_records'

test.group('schedule /api/share: managing links', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('POST: staff share a project; the link is unguessable and absolute', async ({
    client,
    assert,
  }) => {
    const { session, user } = await schedulePerson('staff')
    const project = await createProject('2030-04-01', '2030-04-03')
    const expiresAt = DateTime.now().plus({ days: 7 }).toUTC()
    const response = await client
      .post('/api/share')
      .json({
        resourceType: 'project',
        resourceId: project.id,
        label: 'For the client',
        expiresAt: expiresAt.toISO(),
      })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(201)
    const link = response.body()
    assert.match(link.token, /^[A-Za-z0-9_-]{43}$/)
    assert.equal(Buffer.from(link.token, 'base64url').length, 32)
    assert.equal(link.url, `${appUrl}/share/${link.token}`)
    assert.containsSubset(link, {
      resourceType: 'project',
      resourceId: project.id,
      resourceName: project.name,
      label: 'For the client',
      state: 'active',
      revokedAt: null,
      viewCount: 0,
      lastViewedAt: null,
      createdBy: user.id,
    })
    assert.equal(DateTime.fromISO(link.expiresAt).toMillis(), expiresAt.toMillis())

    const entry = await ActivityLog.query().where('entity_type', 'share_link').firstOrFail()
    assert.equal(entry.action, 'create')
    assert.equal(entry.projectId, project.id)

    const other = await client
      .post('/api/share')
      .json({ resourceType: 'project', resourceId: project.id })
      .withSession(session)
      .withCsrfToken()
    assert.notEqual(other.body().token, link.token)
    assert.isNull(other.body().expiresAt)
  })

  test('POST: a trashed or unknown resource, a past expiry or a bad type is 422', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const trashed = await trash(await createCrew())
    const project = await createProject('2030-04-01', '2030-04-03')
    for (const [body, field] of [
      [{ resourceType: 'crew', resourceId: trashed.id }, 'resourceId'],
      [{ resourceType: 'vendor', resourceId: 999_999 }, 'resourceId'],
      [
        {
          resourceType: 'project',
          resourceId: project.id,
          expiresAt: DateTime.now().minus({ minutes: 1 }).toISO(),
        },
        'expiresAt',
      ],
      [{ resourceType: 'location', resourceId: project.id }, 'resourceType'],
    ] as const) {
      const response = await client
        .post('/api/share')
        .json(body)
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, field)
    }
    assert.lengthOf(await PublicShareLink.all(), 0)
  })

  test('GET lists newest first, optionally of one resource, with their state', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2030-04-01', '2030-04-03')
    const crew = await createCrew()
    const first = await createShareLink('project', project.id, {
      expiresAt: DateTime.now().minus({ days: 1 }),
    })
    const second = await createShareLink('crew', crew.id, { revokedAt: DateTime.now() })
    const third = await createShareLink('project', project.id)

    const all = await client.get('/api/share').withSession(session)
    all.assertStatus(200)
    assert.deepEqual(
      all.body().map((link: { id: number }) => link.id),
      [third.id, second.id, first.id]
    )
    assert.deepEqual(
      all.body().map((link: { state: string }) => link.state),
      ['active', 'revoked', 'expired']
    )
    assert.equal(all.body()[1].resourceName, crew.name)

    const ofProject = await client
      .get('/api/share')
      .qs({ resourceType: 'project', resourceId: project.id })
      .withSession(session)
    assert.deepEqual(
      ofProject.body().map((link: { id: number }) => link.id),
      [third.id, first.id]
    )
  })

  test('PATCH changes label and expiry, revokes and reinstates', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2030-04-01', '2030-04-03')
    const link = await createShareLink('project', project.id, {
      label: 'Old',
      expiresAt: DateTime.now().plus({ days: 1 }),
    })

    const edited = await client
      .patch(`/api/share/${link.id}`)
      .json({ label: 'Crew copy', expiresAt: null })
      .withSession(session)
      .withCsrfToken()
    edited.assertStatus(200)
    assert.containsSubset(edited.body(), { label: 'Crew copy', expiresAt: null, state: 'active' })

    const revoked = await client
      .patch(`/api/share/${link.id}`)
      .json({ revoked: true })
      .withSession(session)
      .withCsrfToken()
    assert.equal(revoked.body().state, 'revoked')
    assert.isString(revoked.body().revokedAt)
    const view = await client.get(`/api/share/${link.token}`)
    view.assertStatus(410)

    const reinstated = await client
      .patch(`/api/share/${link.id}`)
      .json({ revoked: false })
      .withSession(session)
      .withCsrfToken()
    assert.containsSubset(reinstated.body(), { state: 'active', revokedAt: null })
    const again = await client.get(`/api/share/${link.token}`)
    again.assertStatus(200)

    const actions = await ActivityLog.query().where('entity_type', 'share_link')
    assert.lengthOf(actions, 3)
  })

  test('PATCH and DELETE of an unknown link are 404; DELETE removes the link', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew()
    const link = await createShareLink('crew', crew.id)
    const unknownPatch = await client
      .patch(`/api/share/${link.id + 1000}`)
      .json({ label: 'x' })
      .withSession(session)
      .withCsrfToken()
    unknownPatch.assertStatus(404)
    assert.deepEqual(unknownPatch.body(), { message: 'Share link not found' })
    const unknownDelete = await client
      .delete(`/api/share/${link.id + 1000}`)
      .withSession(session)
      .withCsrfToken()
    unknownDelete.assertStatus(404)

    const removed = await client
      .delete(`/api/share/${link.id}`)
      .withSession(session)
      .withCsrfToken()
    removed.assertStatus(200)
    assert.deepEqual(removed.body(), { success: true })
    assert.isNull(await PublicShareLink.find(link.id))
    const view = await client.get(`/api/share/${link.token}`)
    view.assertStatus(404)
  })
})

test.group('schedule GET /api/share/:token: what a recipient sees', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("a project: its days, roster, statuses and day notes, and nobody's contact data or notes", async ({
    client,
    assert,
  }) => {
    const location = await createLocation({ address: '1 Main St', notes: 'Gate code 4321' })
    const clientRecord = await createClient({
      email: 'client.boss@example.com',
      phone: '+1 555 0100',
    })
    const tentative = await ProjectStatus.findByOrFail('name', 'Tentative')
    const project = await createProject('2030-04-01', '2030-04-03', {
      color: '#112233',
      notes: 'Budget is tight',
      clientId: clientRecord.id,
      locationId: location.id,
      projectStatusId: tentative.id,
    })
    const gaffer = await CrewRole.create({ name: 'Gaffer' })
    const grip = await CrewRole.create({ name: 'Grip' })
    const crew = await createCrew({
      name: 'Jane Crew',
      phone: '+44 7700 900123',
      email: 'jane.crew@example.com',
      notes: 'Prefers mornings',
      dietary: 'Vegan',
      crewRoleId: gaffer.id,
    })
    const declinedCrew = await createCrew({
      name: 'Dan Declined',
      phone: '+44 7700 900456',
      email: 'dan@example.com',
    })
    const trashedCrew = await createCrew({ name: 'Tom Trashed' })
    const rentals = await VendorType.create({ name: 'Rentals' })
    const vendor = await createVendor({
      name: 'Lights Ltd',
      phone: '+1 555 0199',
      email: 'hire@lights.example.com',
      vendorTypeId: rentals.id,
    })
    const confirmed = await Status.findByOrFail('name', 'Confirmed')
    const declined = await Status.findByOrFail('name', 'Declined')
    const vendorBooking = await assignVendor(project, vendor, {
      sortOrder: 1,
      statusId: confirmed.id,
    })
    const crewBooking = await assignCrew(project, crew, {
      sortOrder: 2,
      statusId: confirmed.id,
      crewRoleId: grip.id,
      notes: 'Pay at day rate plus ten',
    })
    await assignCrew(project, declinedCrew, { sortOrder: 3, statusId: declined.id })
    await assignCrew(project, trashedCrew, { sortOrder: 4 })
    await trash(trashedCrew)
    await AssignmentDayNote.create({
      projectId: project.id,
      projectCrewId: crewBooking.id,
      date: '2030-04-02',
      note: null,
      isScheduled: false,
    })
    await AssignmentDayNote.create({
      projectId: project.id,
      projectCrewId: crewBooking.id,
      date: '2030-04-03',
      note: 'Call 06:00',
      isScheduled: true,
    })
    await AssignmentDayNote.create({
      projectId: project.id,
      projectVendorId: vendorBooking.id,
      date: '2030-04-01',
      note: 'Deliver by 8',
      isScheduled: true,
    })
    await ProjectDayInfo.create({
      projectId: project.id,
      date: '2030-04-01',
      title: 'Load in',
      callTime: '07:00',
      wrapTime: '19:00',
      notes: 'Park behind the hall',
      locationId: location.id,
    })
    await ResourceNote.create({ resourceType: 'crew', resourceId: crew.id, body: 'Late twice' })
    const link = await createShareLink('project', project.id, { label: 'Crew call' })

    const response = await client.get(`/api/share/${link.token}`)
    response.assertStatus(200)
    response.assertHeader('x-content-type-options', 'nosniff')
    const body = response.body()
    assert.deepEqual(body, {
      resourceType: 'project',
      label: 'Crew call',
      expiresAt: null,
      project: {
        name: project.name,
        startDate: '2030-04-01',
        endDate: '2030-04-03',
        color: '#112233',
        status: 'Tentative',
        client: clientRecord.name,
        location: { name: location.name, address: '1 Main St' },
        locationMap: null,
        locationMapImageUrl: null,
        locationPhotos: [],
        days: [
          {
            date: '2030-04-01',
            title: 'Load in',
            callTime: '07:00',
            wrapTime: '19:00',
            notes: 'Park behind the hall',
            location: { name: location.name, address: '1 Main St' },
          },
        ],
        roster: [
          {
            kind: 'vendor',
            name: 'Lights Ltd',
            role: 'Rentals',
            status: 'Confirmed',
            days: ['2030-04-01', '2030-04-02', '2030-04-03'],
            notes: { '2030-04-01': 'Deliver by 8' },
          },
          {
            kind: 'crew',
            name: 'Jane Crew',
            role: 'Grip',
            status: 'Confirmed',
            days: ['2030-04-01', '2030-04-03'],
            notes: { '2030-04-03': 'Call 06:00' },
          },
          {
            kind: 'crew',
            name: 'Dan Declined',
            role: null,
            status: 'Declined',
            days: ['2030-04-01', '2030-04-02', '2030-04-03'],
            notes: {},
          },
        ],
      },
    })

    const raw = response.text()
    for (const secret of [
      '+44 7700 900123',
      'jane.crew@example.com',
      '+44 7700 900456',
      'dan@example.com',
      '+1 555 0199',
      'hire@lights.example.com',
      'client.boss@example.com',
      '+1 555 0100',
      'Budget is tight',
      'Pay at day rate plus ten',
      'Prefers mornings',
      'Vegan',
      'Late twice',
      'Gate code 4321',
      'Tom Trashed',
    ]) {
      assert.notInclude(raw, secret)
    }

    await link.refresh()
    assert.equal(link.viewCount, 1)
    assert.isNotNull(link.lastViewedAt)
    await client.get(`/api/share/${link.token}`)
    await link.refresh()
    assert.equal(link.viewCount, 2)
  })

  test('a crew member: recent and upcoming bookings on active projects, no contact data', async ({
    client,
    assert,
  }) => {
    const crew = await createCrew({
      name: 'Jane Crew',
      phone: '+44 7700 900123',
      email: 'jane.crew@example.com',
      notes: 'Prefers mornings',
    })
    const location = await createLocation({ address: '2 Side St' })
    const start = addDays(today(), 10)
    const upcoming = await createProject(start, addDays(start, 1), { locationId: location.id })
    const recent = await createProject(addDays(today(), -20), addDays(today(), -19))
    const old = await createProject(addDays(today(), -60), addDays(today(), -31))
    const trashedProject = await createProject(start, start)
    const pencilled = await Status.findByOrFail('name', 'Pencilled')
    const declined = await Status.findByOrFail('name', 'Declined')
    const booking = await assignCrew(upcoming, crew, {
      statusId: declined.id,
      notes: 'Internal: owes us a favour',
    })
    await assignCrew(recent, crew, { statusId: pencilled.id })
    await assignCrew(old, crew)
    await assignCrew(trashedProject, crew)
    await trash(trashedProject)
    await AssignmentDayNote.create({
      projectId: upcoming.id,
      projectCrewId: booking.id,
      date: start,
      note: 'Half day',
      isScheduled: true,
    })
    const link = await createShareLink('crew', crew.id)

    const response = await client.get(`/api/share/${link.token}`)
    response.assertStatus(200)
    assert.deepEqual(response.body().person, {
      kind: 'crew',
      name: 'Jane Crew',
      role: null,
      bookings: [
        {
          projectName: recent.name,
          startDate: recent.startDate,
          endDate: recent.endDate,
          color: recent.color,
          status: 'Pencilled',
          location: null,
          days: [recent.startDate, recent.endDate],
          notes: {},
        },
        {
          projectName: upcoming.name,
          startDate: upcoming.startDate,
          endDate: upcoming.endDate,
          color: upcoming.color,
          status: 'Declined',
          location: { name: location.name, address: '2 Side St' },
          days: [upcoming.startDate, upcoming.endDate],
          notes: { [start]: 'Half day' },
        },
      ],
    })
    const raw = response.text()
    for (const secret of [
      '+44 7700 900123',
      'jane.crew@example.com',
      'Prefers mornings',
      'Internal: owes us a favour',
    ]) {
      assert.notInclude(raw, secret)
    }
  })

  test('a vendor: their type is their role', async ({ client, assert }) => {
    const rentals = await VendorType.create({ name: 'Rentals' })
    const vendor = await createVendor({ vendorTypeId: rentals.id, email: 'v@example.com' })
    const link = await createShareLink('vendor', vendor.id)
    const response = await client.get(`/api/share/${link.token}`)
    response.assertStatus(200)
    assert.deepEqual(response.body().person, {
      kind: 'vendor',
      name: vendor.name,
      role: 'Rentals',
      bookings: [],
    })
    assert.notInclude(response.text(), 'v@example.com')
  })

  test('revoked and expired links are 410, unknown tokens and trashed resources 404; none counts a view', async ({
    client,
    assert,
  }) => {
    const project = await createProject('2030-04-01', '2030-04-03')
    const revoked = await createShareLink('project', project.id, { revokedAt: DateTime.now() })
    const expired = await createShareLink('project', project.id, {
      expiresAt: DateTime.now().minus({ seconds: 1 }),
    })
    const crew = await createCrew()
    const ofTrashed = await createShareLink('crew', crew.id)
    await trash(crew)

    const revokedView = await client.get(`/api/share/${revoked.token}`)
    revokedView.assertStatus(410)
    assert.deepEqual(revokedView.body(), { message: 'This share link has been revoked' })

    const expiredView = await client.get(`/api/share/${expired.token}`)
    expiredView.assertStatus(410)
    assert.deepEqual(expiredView.body(), { message: 'This share link has expired' })

    for (const token of [
      ofTrashed.token,
      randomBytes(32).toString('base64url'),
      'short',
      'a'.repeat(43),
    ]) {
      const response = await client.get(`/api/share/${token}`)
      response.assertStatus(404)
      assert.deepEqual(response.body(), { message: 'Share link not found' })
    }

    for (const link of [revoked, expired, ofTrashed]) {
      await link.refresh()
      assert.equal(link.viewCount, 0)
    }
  })

  test('a link expiring later still opens, and its expiry is shown', async ({ client, assert }) => {
    const project = await createProject('2030-04-01', '2030-04-01')
    const expiresAt = DateTime.now().plus({ hours: 1 })
    const link = await createShareLink('project', project.id, { expiresAt })
    const response = await client.get(`/api/share/${link.token}`)
    response.assertStatus(200)
    assert.equal(DateTime.fromISO(response.body().expiresAt).toMillis(), expiresAt.toMillis())
    assert.deepEqual(response.body().project.roster, [])
  })
})
