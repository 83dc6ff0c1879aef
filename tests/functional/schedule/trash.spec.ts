import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import pg from 'pg'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import env from '#start/env'
import ActivityLog from '#models/schedule/activity_log'
import AssignmentDayNote from '#models/schedule/assignment_day_note'
import ConflictResolution from '#models/schedule/conflict_resolution'
import Crew from '#models/schedule/crew'
import CrewVendorLink from '#models/schedule/crew_vendor_link'
import Location from '#models/schedule/location'
import Project from '#models/schedule/project'
import ProjectCrew from '#models/schedule/project_crew'
import ProjectDayInfo from '#models/schedule/project_day_info'
import ProjectTask from '#models/schedule/project_task'
import ProjectVendor from '#models/schedule/project_vendor'
import PublicShareLink from '#models/schedule/public_share_link'
import ResourceNote from '#models/schedule/resource_note'
import Vendor from '#models/schedule/vendor'
import { Trash } from '#services/schedule/trash/trash'
import { jobs } from '#jobs/schedule/registry'
import { runRegisteredJob } from '#tests/helpers/registered_jobs'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  assignCrew,
  assignVendor,
  createCrew,
  createLocation,
  createProject,
  createVendor,
  trash,
} from '#tests/helpers/schedule_records'

/** Puts a record in the trash as if it had been deleted `days` days ago. */
async function trashedDaysAgo(record: Project | Crew | Vendor | Location, days: number) {
  record.deletedAt = DateTime.now().minus({ days })
  await record.save()
  return record
}

function shareLink(resourceType: 'project' | 'crew' | 'vendor', resourceId: number) {
  return PublicShareLink.create({
    token: randomBytes(32).toString('base64url'),
    resourceType,
    resourceId,
  })
}

/**
 * A project with a crew member and a vendor on its roster, and one row of
 * every kind that hangs off them.
 */
async function bookedProject() {
  const project = await createProject('2030-03-01', '2030-03-03')
  const crew = await createCrew()
  const vendor = await createVendor()
  const location = await createLocation()
  const crewBooking = await assignCrew(project, crew)
  const vendorBooking = await assignVendor(project, vendor)
  await AssignmentDayNote.create({
    projectId: project.id,
    projectCrewId: crewBooking.id,
    date: '2030-03-02',
    note: 'Late call',
    isScheduled: true,
  })
  await AssignmentDayNote.create({
    projectId: project.id,
    projectVendorId: vendorBooking.id,
    date: '2030-03-02',
    note: 'Delivery',
    isScheduled: true,
  })
  await ProjectTask.create({ projectId: project.id, text: 'Book catering', sortOrder: 1 })
  await ProjectDayInfo.create({ projectId: project.id, date: '2030-03-01', title: 'Load in' })
  await CrewVendorLink.create({ crewId: crew.id, vendorId: vendor.id })
  for (const [resourceType, resourceId] of [
    ['crew', crew.id],
    ['vendor', vendor.id],
    ['location', location.id],
  ] as const) {
    await ResourceNote.create({ resourceType, resourceId, body: 'Good to work with' })
  }
  await shareLink('project', project.id)
  await shareLink('crew', crew.id)
  await shareLink('vendor', vendor.id)
  const other = await createProject('2030-03-02', '2030-03-02')
  await ConflictResolution.create({
    resourceType: 'crew',
    resourceId: crew.id,
    date: '2030-03-02',
    projectIds: [project.id, other.id].sort((a, b) => a - b),
  })
  return { project, crew, vendor, location, crewBooking, vendorBooking, other }
}

async function countWhere(model: { query(): any }, column: string, value: unknown) {
  const rows = await model.query().where(column, value)
  return rows.length
}

test.group('schedule trash: access', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('signed out: 401 on every trash route', async ({ client, assert }) => {
    const crew = await trash(await createCrew())
    for (const [method, url] of [
      ['get', '/api/trash/crew'],
      ['post', `/api/trash/crew/${crew.id}/restore`],
      ['delete', `/api/trash/crew/${crew.id}`],
      ['post', '/api/trash/cleanup'],
    ] as const) {
      const response = await client[method](url).withCsrfToken()
      assert.equal(response.status(), 401, `${method} ${url}`)
      assert.deepEqual(response.body(), { message: 'Not authenticated' })
    }
    await crew.refresh()
    assert.isNotNull(crew.deletedAt)
  })

  test('staff may list and restore, but not purge or clean up (403)', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await trashedDaysAgo(await createCrew(), 40)
    const purge = await client
      .delete(`/api/trash/crew/${crew.id}`)
      .withSession(session)
      .withCsrfToken()
    purge.assertStatus(403)
    assert.deepEqual(purge.body(), { message: 'Admin access required' })
    const cleanup = await client.post('/api/trash/cleanup').withSession(session).withCsrfToken()
    cleanup.assertStatus(403)
    assert.deepEqual(cleanup.body(), { message: 'Admin access required' })
    assert.isNotNull(await Crew.find(crew.id))

    const list = await client.get('/api/trash/crew').withSession(session)
    list.assertStatus(200)
    const restore = await client
      .post(`/api/trash/crew/${crew.id}/restore`)
      .withSession(session)
      .withCsrfToken()
    restore.assertStatus(200)
  })

  test('an unknown type is 404 on every route', async ({ client, assert }) => {
    const { session } = await schedulePerson('admin')
    for (const [method, url] of [
      ['get', '/api/trash/clients'],
      ['post', '/api/trash/clients/1/restore'],
      ['delete', '/api/trash/clients/1'],
    ] as const) {
      const response = await client[method](url).withSession(session).withCsrfToken()
      assert.equal(response.status(), 404, `${method} ${url}`)
      assert.deepEqual(response.body(), { message: 'Unknown trash type' })
    }
  })
})

test.group('schedule trash: list and restore', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET lists trashed items only, newest deletion first, with their purge date', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const older = await trashedDaysAgo(await createProject('2030-01-01', '2030-01-02'), 5)
    const newer = await trashedDaysAgo(await createProject('2030-02-01', '2030-02-03'), 1)
    await createProject('2030-01-01', '2030-01-01')

    const response = await client.get('/api/trash/projects').withSession(session)
    response.assertStatus(200)
    const body = response.body()
    assert.deepEqual(
      body.map((item: { id: number }) => item.id),
      [newer.id, older.id]
    )
    assert.containsSubset(body[0], {
      name: newer.name,
      startDate: '2030-02-01',
      endDate: '2030-02-03',
    })
    const deletedAt = DateTime.fromISO(body[0].deletedAt)
    const purgeAt = DateTime.fromISO(body[0].purgeAt)
    assert.equal(purgeAt.diff(deletedAt, 'days').days, 30)

    const crew = await trash(await createCrew())
    const crewList = await client.get('/api/trash/crew').withSession(session)
    assert.deepEqual(Object.keys(crewList.body()[0]).sort(), ['deletedAt', 'id', 'name', 'purgeAt'])
    assert.equal(crewList.body()[0].id, crew.id)
  })

  for (const [type, make] of [
    ['projects', () => createProject('2030-01-01', '2030-01-02')],
    ['crew', () => createCrew()],
    ['vendors', () => createVendor()],
    ['locations', () => createLocation()],
  ] as const) {
    test(`POST restore brings ${type} back and logs it`, async ({ client, assert }) => {
      const { session, user } = await schedulePerson('staff')
      const record = await trash(await make())
      const response = await client
        .post(`/api/trash/${type}/${record.id}/restore`)
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(200)
      assert.deepEqual(response.body(), { success: true })
      await record.refresh()
      assert.isNull(record.deletedAt)
      const list = await client.get(`/api/trash/${type}`).withSession(session)
      assert.deepEqual(list.body(), [])

      const entry = await ActivityLog.query().where('action', 'restore').firstOrFail()
      assert.equal(entry.actorId, user.id)
      assert.equal(entry.entityId, String(record.id))
      assert.include(entry.summary, record.name)
    })
  }

  test('restore of an item not in the trash, or of no item, is 404', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const active = await createCrew()
    for (const id of [active.id, active.id + 1000]) {
      const response = await client
        .post(`/api/trash/crew/${id}/restore`)
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(404)
      assert.deepEqual(response.body(), { message: 'Not in the trash' })
    }
    const notANumber = await client
      .post('/api/trash/crew/abc/restore')
      .withSession(session)
      .withCsrfToken()
    notANumber.assertStatus(404)
    assert.lengthOf(await ActivityLog.all(), 0)
  })
})

test.group('schedule trash: permanent delete', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a project goes with its roster, day notes, tasks, day info, share links and resolutions', async ({
    client,
    assert,
  }) => {
    const { session, user } = await schedulePerson('admin')
    const booked = await bookedProject()
    await trash(booked.project)

    const response = await client
      .delete(`/api/trash/projects/${booked.project.id}`)
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.deepEqual(response.body(), { success: true })

    assert.isNull(await Project.find(booked.project.id))
    for (const model of [
      ProjectCrew,
      ProjectVendor,
      AssignmentDayNote,
      ProjectTask,
      ProjectDayInfo,
    ]) {
      assert.equal(await countWhere(model, 'project_id', booked.project.id), 0, model.name)
    }
    assert.lengthOf(await PublicShareLink.query().where('resource_type', 'project'), 0)
    assert.lengthOf(await ConflictResolution.all(), 0)
    // The people and the other project stay, with their own links and notes.
    assert.isNotNull(await Crew.find(booked.crew.id))
    assert.isNotNull(await Project.find(booked.other.id))
    assert.lengthOf(await PublicShareLink.query().where('resource_type', 'crew'), 1)
    assert.lengthOf(await ResourceNote.all(), 3)

    const entry = await ActivityLog.query().where('action', 'purge').firstOrFail()
    assert.containsSubset(entry.serialize(), {
      actorId: user.id,
      entityType: 'project',
      entityId: String(booked.project.id),
    })
  })

  test('a crew member goes with bookings, day notes, vendor links, notes, share links and resolutions', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('admin')
    const booked = await bookedProject()
    await trash(booked.crew)

    const response = await client
      .delete(`/api/trash/crew/${booked.crew.id}`)
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)

    assert.isNull(await Crew.find(booked.crew.id))
    assert.equal(await countWhere(ProjectCrew, 'crew_id', booked.crew.id), 0)
    assert.equal(await countWhere(AssignmentDayNote, 'project_crew_id', booked.crewBooking.id), 0)
    assert.equal(await countWhere(CrewVendorLink, 'crew_id', booked.crew.id), 0)
    assert.lengthOf(await ResourceNote.query().where('resource_type', 'crew'), 0)
    assert.lengthOf(await PublicShareLink.query().where('resource_type', 'crew'), 0)
    assert.lengthOf(await ConflictResolution.all(), 0)
    // The project keeps its vendor, their notes and links.
    assert.isNotNull(await Project.find(booked.project.id))
    assert.equal(await countWhere(ProjectVendor, 'project_id', booked.project.id), 1)
    assert.equal(await countWhere(AssignmentDayNote, 'project_id', booked.project.id), 1)
    assert.lengthOf(await ResourceNote.query().where('resource_type', 'vendor'), 1)
    assert.lengthOf(await PublicShareLink.query().where('resource_type', 'vendor'), 1)
  })

  test('a vendor goes with bookings, crew links, notes and share links', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('admin')
    const booked = await bookedProject()
    await ConflictResolution.create({
      resourceType: 'vendor',
      resourceId: booked.vendor.id,
      date: '2030-03-02',
      projectIds: [booked.project.id, booked.other.id].sort((a, b) => a - b),
    })
    await trash(booked.vendor)

    const response = await client
      .delete(`/api/trash/vendors/${booked.vendor.id}`)
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)

    assert.isNull(await Vendor.find(booked.vendor.id))
    assert.equal(await countWhere(ProjectVendor, 'vendor_id', booked.vendor.id), 0)
    assert.equal(
      await countWhere(AssignmentDayNote, 'project_vendor_id', booked.vendorBooking.id),
      0
    )
    assert.equal(await countWhere(CrewVendorLink, 'vendor_id', booked.vendor.id), 0)
    assert.lengthOf(await ResourceNote.query().where('resource_type', 'vendor'), 0)
    assert.lengthOf(await PublicShareLink.query().where('resource_type', 'vendor'), 0)
    const resolutions = await ConflictResolution.all()
    assert.deepEqual(
      resolutions.map((resolution) => resolution.resourceType),
      ['crew']
    )
  })

  test('a location goes with its notes; projects and day info forget it', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('admin')
    const booked = await bookedProject()
    booked.project.locationId = booked.location.id
    await booked.project.save()
    await ProjectDayInfo.query()
      .where('project_id', booked.project.id)
      .update({ location_id: booked.location.id })
    await trash(booked.location)

    const response = await client
      .delete(`/api/trash/locations/${booked.location.id}`)
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)

    assert.isNull(await Location.find(booked.location.id))
    assert.lengthOf(await ResourceNote.query().where('resource_type', 'location'), 0)
    await booked.project.refresh()
    assert.isNull(booked.project.locationId)
    const dayInfo = await ProjectDayInfo.query()
      .where('project_id', booked.project.id)
      .firstOrFail()
    assert.isNull(dayInfo.locationId)
  })

  test('an item not in the trash, or no item, is 404 and nothing is removed', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('admin')
    const active = await createProject('2030-01-01', '2030-01-01')
    for (const id of [active.id, active.id + 1000]) {
      const response = await client
        .delete(`/api/trash/projects/${id}`)
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(404)
      assert.deepEqual(response.body(), { message: 'Not in the trash' })
    }
    assert.isNotNull(await Project.find(active.id))
  })
})

test.group('schedule trash: cleanup after 30 days', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('POST /api/trash/cleanup removes 31-day-old items with their rows and keeps 29-day-old ones', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('admin')
    const old = await bookedProject()
    await trashedDaysAgo(old.project, 31)
    await trashedDaysAgo(old.crew, 31)
    await trashedDaysAgo(old.location, 31)
    const recentProject = await trashedDaysAgo(await createProject('2030-05-01', '2030-05-02'), 29)
    const recentVendor = await trashedDaysAgo(await createVendor(), 29)
    const active = await createCrew()

    const response = await client.post('/api/trash/cleanup').withSession(session).withCsrfToken()
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      success: true,
      removed: { projects: 1, crew: 1, vendors: 0, locations: 1 },
    })

    assert.isNull(await Project.find(old.project.id))
    assert.isNull(await Crew.find(old.crew.id))
    assert.isNull(await Location.find(old.location.id))
    assert.equal(await countWhere(ProjectCrew, 'project_id', old.project.id), 0)
    assert.equal(await countWhere(ProjectTask, 'project_id', old.project.id), 0)
    assert.equal(await countWhere(CrewVendorLink, 'crew_id', old.crew.id), 0)
    assert.lengthOf(await ResourceNote.query().whereIn('resource_type', ['crew', 'location']), 0)
    assert.lengthOf(await PublicShareLink.query().whereIn('resource_type', ['project', 'crew']), 0)
    assert.lengthOf(await ConflictResolution.all(), 0)

    assert.isNotNull(await Project.find(recentProject.id))
    assert.isNotNull(await Vendor.find(recentVendor.id))
    assert.isNotNull(await Vendor.find(old.vendor.id))
    assert.isNotNull(await Crew.find(active.id))
    assert.lengthOf(await ActivityLog.query().where('action', 'purge'), 3)

    const again = await client.post('/api/trash/cleanup').withSession(session).withCsrfToken()
    assert.deepEqual(again.body().removed, { projects: 0, crew: 0, vendors: 0, locations: 0 })
  })

  test('the daily job (schedule.trash-cleanup) runs this cleanup', async ({ assert }) => {
    const old = await trashedDaysAgo(await createCrew(), 31)
    const recent = await trashedDaysAgo(await createVendor(), 29)
    const output = await runRegisteredJob(jobs, 'schedule.trash-cleanup')
    assert.deepEqual(output, {
      ran: true,
      removed: { projects: 0, crew: 1, vendors: 0, locations: 0 },
    })
    assert.isNull(await Crew.find(old.id))
    assert.isNotNull(await Vendor.find(recent.id))
  })

  test('the timed run skips while another instance holds the cleanup lock', async ({ assert }) => {
    const old = await trashedDaysAgo(await createCrew(), 31)
    const other = new pg.Client({ connectionString: env.get('DATABASE_URL') })
    await other.connect()
    try {
      // The lock key of Trash.cleanup, held by another database session.
      await other.query('select pg_advisory_lock($1, $2)', [0x7363_6864, 0x7472_7368])
      const trashService = await app.container.make(Trash)
      const skipped = await trashService.cleanup({ wait: false })
      assert.isFalse(skipped.ran)
      assert.isNotNull(await Crew.find(old.id))
      await other.query('select pg_advisory_unlock($1, $2)', [0x7363_6864, 0x7472_7368])

      const done = await trashService.cleanup({ wait: false })
      assert.isTrue(done.ran)
      assert.equal(done.removed.crew, 1)
      assert.isNull(await Crew.find(old.id))
    } finally {
      await other.end()
    }
  })
})
