import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { schedulePerson } from '#tests/helpers/schedule_people'
import { inertiaVisit } from '#tests/helpers/inertia_visits'
import {
  assignCrew,
  assignVendor,
  createCrew,
  createLocation,
  createProject,
  createShareLink,
  createVendor,
} from '#tests/helpers/schedule_records'

/*
 * Inside a transaction every read shares one PostgreSQL client, which runs
 * one query at a time: reads sent together overlap on it (pg warns, and a
 * failed one leaves the others running on a rolled-back transaction). Every
 * request here runs inside the tests' transaction, so each of its reads must
 * wait for the one before.
 */
const OVERLAP = 'already executing a query'

test.group('schedule reads inside a transaction', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('no route sends a query while another is running on the same client', async ({
    client,
    assert,
    cleanup,
  }) => {
    const warnings: string[] = []
    const listen = (warning: Error) => warnings.push(warning.message)
    process.on('warning', listen)
    cleanup(() => void process.off('warning', listen))

    const { session } = await schedulePerson('admin')
    const location = await createLocation({ name: 'Quay' })
    const project = await createProject('2031-05-01', '2031-05-03', {
      name: 'Harbour shoot',
      locationId: location.id,
    })
    const crew = await createCrew({ name: 'Ada Grip' })
    const vendor = await createVendor({ name: 'Van Hire' })
    await assignCrew(project, crew)
    await assignVendor(project, vendor)
    const share = await createShareLink('project', project.id)
    const other = await createProject('2031-05-02', '2031-05-04', { name: 'Second shoot' })

    const reads = [
      `/api/projects/${project.id}`,
      `/api/projects/${project.id}/roster`,
      `/api/projects/${project.id}/call-sheets/2031-05-02`,
      `/api/share/${share.token}`,
      `/api/calendar/people?from=2031-05-01&to=2031-05-31`,
      `/api/messages`,
      `/api/exports/projects.csv`,
      `/api/exports/projects.pdf`,
      `/api/exports/rosters.pdf`,
      `/api/projects/${project.id}/export/pdf`,
      `/api/crew/${crew.id}/export/pdf`,
      `/api/vendors/${vendor.id}/export/pdf`,
      `/api/locations/${location.id}/export/pdf`,
    ]
    // The routes whose reads overlapped on the one client.
    const overlapping: string[] = []
    const noted = (route: string) => {
      if (warnings.some((message) => message.includes(OVERLAP))) {
        overlapping.push(route)
        warnings.length = 0
      }
    }
    for (const url of reads) {
      const response = await client.get(url).withSession(session)
      assert.isBelow(response.status(), 300, url)
      noted(url)
    }
    for (const page of ['/messages', '/messages/groups', `/share/${share.token}`]) {
      const response = await inertiaVisit(client, page, { session })
      assert.equal(response.status(), 200, page)
      noted(page)
    }
    const added = await client
      .post(`/api/projects/${other.id}/crew`)
      .json({ crewId: crew.id })
      .withSession(session)
      .withCsrfToken()
    assert.equal(added.status(), 201)
    noted('POST /api/projects/:id/crew')

    assert.deepEqual(overlapping, [])
  })
})
