import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import ProjectTask from '#models/schedule/project_task'
import ResourceNote from '#models/schedule/resource_note'
import CrewVendorLink from '#models/schedule/crew_vendor_link'
import { inertiaVisit } from '#tests/helpers/inertia_visits'
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

/** A day `days` from today (the server's calendar day is UTC's), as the API writes dates. */
function dayFromToday(days: number) {
  return DateTime.utc().plus({ days }).toISODate()!
}

/** What a JSON route answers `session`: the body a page prop must equal. */
async function apiBody(client: ApiClient, session: Record<string, string | number>, url: string) {
  const response = await client.get(url).withSession(session)
  response.assertStatus(200)
  return response.body()
}

test.group('schedule project and directory pages: first data as props', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /projects/:id carries the project, its roster, tasks and activity', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2031-05-01', '2031-05-03', { name: 'Harbour shoot' })
    const crew = await createCrew({ name: 'Ada Grip' })
    await assignCrew(project, crew)
    await ProjectTask.create({ projectId: project.id, text: 'Book the van', sortOrder: 0 })

    const response = await inertiaVisit(client, `/projects/${project.id}`, { session })
    response.assertStatus(200)
    const page = response.body()
    assert.equal(page.component, 'schedule/project')
    const props = page.props
    assert.equal(props.project.name, 'Harbour shoot')
    assert.equal(props.project.startDate, '2031-05-01')
    assert.deepEqual(
      props.roster.map((entry: any) => [entry.kind, entry.name]),
      [['crew', 'Ada Grip']]
    )
    assert.deepEqual(
      props.tasks.map((task: any) => task.text),
      ['Book the van']
    )
    assert.deepEqual(props.shareLinks, [])
    assert.deepEqual(props.conflicts, [])
    assert.deepEqual(props.activity.meta, { total: 0, perPage: 20, currentPage: 1, lastPage: 1 })
    assert.isArray(props.lookups.statuses)
  })

  test('GET /projects/:id carries the call sheets’ settings, day overrides and contacts as their routes answer them', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2031-05-01', '2031-05-03', { name: 'Sheet props shoot' })
    const base = `/api/projects/${project.id}`
    const put = (url: string, body: object) =>
      client.put(url).json(body).withSession(session).withCsrfToken()
    const config = await put(`${base}/call-sheet-config`, { companyName: 'Quay Films' })
    config.assertStatus(200)
    const override = await put(`${base}/call-sheets/2031-05-02/override`, { parking: 'Pier 4' })
    override.assertStatus(200)
    const contact = await client
      .post(`${base}/call-sheet-contacts`)
      .json({ role: 'Medic', name: 'Ola Medic' })
      .withSession(session)
      .withCsrfToken()
    contact.assertStatus(201)

    const response = await inertiaVisit(client, `/projects/${project.id}`, { session })
    const { callSheets } = response.body().props
    assert.deepEqual(callSheets, {
      config: await apiBody(client, session, `${base}/call-sheet-config`),
      overrides: [await apiBody(client, session, `${base}/call-sheets/2031-05-02/override`)],
      contacts: await apiBody(client, session, `${base}/call-sheet-contacts`),
    })
    assert.equal(callSheets.config.companyName, 'Quay Films')
    assert.equal(callSheets.contacts[0].name, 'Ola Medic')
  })

  test('a project in the trash opens the page without a project', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2031-05-01', '2031-05-01')
    await trash(project)

    const response = await inertiaVisit(client, `/projects/${project.id}`, { session })
    response.assertStatus(200)
    assert.isNull(response.body().props.project)
  })

  test('the directory opens on a tab with its records; a partial reload sends only what it asks', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    await createCrew({ name: 'Bea Sparks' })
    await createVendor({ name: 'Lens Hire Ltd' })

    const first = await inertiaVisit(client, '/directory', { session })
    first.assertStatus(200)
    assert.equal(first.body().props.tab, 'crew')
    assert.include(
      first.body().props.records.map((record: any) => record.name),
      'Bea Sparks'
    )

    const partial = await inertiaVisit(client, '/directory?tab=vendors', {
      session,
      partial: { component: 'schedule/directory', only: ['tab', 'records'] },
    })
    partial.assertStatus(200)
    const props = partial.body().props
    assert.sameMembers(
      Object.keys(props).filter((key) => key !== 'errors'),
      ['tab', 'records']
    )
    assert.equal(props.tab, 'vendors')
    assert.deepEqual(
      props.records.map((record: any) => record.name),
      ['Lens Hire Ltd']
    )
  })

  test("the directory with ?id carries the open crew member's bookings, links, notes and share links as their routes answer them", async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew({ name: 'Ada Grip' })
    const vendor = await createVendor({ name: 'Lens Hire Ltd' })
    const gone = await trash(await createVendor({ name: 'Gone Hire Ltd' }))
    const past = await createProject(dayFromToday(-30), dayFromToday(-25), { name: 'Last month' })
    const next = await createProject(dayFromToday(10), dayFromToday(12), { name: 'Next shoot' })
    await assignCrew(past, crew)
    await assignCrew(next, crew)
    await CrewVendorLink.create({ crewId: crew.id, vendorId: vendor.id, notes: 'Day rate' })
    await ResourceNote.create({ resourceType: 'crew', resourceId: crew.id, body: 'Owns a dolly' })
    await createShareLink('crew', crew.id, { label: 'For the client' })

    const response = await inertiaVisit(client, `/directory?id=${crew.id}`, { session })
    response.assertStatus(200)
    const { selection } = response.body().props
    assert.equal(selection.tab, 'crew')
    assert.equal(selection.id, crew.id)
    const panels = selection.panels
    assert.deepEqual(
      panels.assignments.map((booking: any) => booking.projectName),
      ['Next shoot']
    )
    assert.deepEqual(
      panels.assignments,
      await apiBody(client, session, `/api/crew/${crew.id}/assignments?from=${dayFromToday(0)}`)
    )
    assert.deepEqual(
      panels.links.map((link: any) => [link.vendorName, link.notes]),
      [['Lens Hire Ltd', 'Day rate']]
    )
    assert.deepEqual(
      panels.links,
      await apiBody(client, session, `/api/crew-vendor-links?crewId=${crew.id}`)
    )
    assert.deepEqual(
      panels.notes.map((note: any) => note.body),
      ['Owns a dolly']
    )
    assert.deepEqual(
      panels.notes,
      await apiBody(client, session, `/api/resource-notes?resourceType=crew&resourceId=${crew.id}`)
    )
    assert.deepEqual(
      panels.shareLinks.map((link: any) => link.label),
      ['For the client']
    )
    assert.deepEqual(
      panels.shareLinks,
      await apiBody(client, session, `/api/share?resourceType=crew&resourceId=${crew.id}`)
    )
    // The link picker offers active vendors only.
    assert.deepInclude(panels.choices, {
      kind: 'vendor',
      id: vendor.id,
      name: 'Lens Hire Ltd',
      starred: false,
    })
    assert.notInclude(
      panels.choices.map((choice: any) => choice.id),
      gone.id
    )
    assert.isTrue(panels.choices.every((choice: any) => choice.kind === 'vendor'))
  })

  test('opening another record reloads only the selection; a client or a record not in the directory has no panels', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew({ name: 'Bea Sparks' })
    const vendor = await createVendor({ name: 'Grip House' })
    await assignVendor(
      await createProject(dayFromToday(3), dayFromToday(4), { name: 'Van day' }),
      vendor
    )
    const location = await createLocation({ name: 'Old Mill' })
    await ResourceNote.create({
      resourceType: 'location',
      resourceId: location.id,
      body: 'Gate code 1234',
    })
    const customer = await createClient({ name: 'Acme Films' })
    const trashed = await trash(await createCrew({ name: 'Former Crew' }))
    const partial = { component: 'schedule/directory', only: ['selection'] }

    const vendorPanels = await inertiaVisit(client, `/directory?tab=vendors&id=${vendor.id}`, {
      session,
      partial,
    })
    vendorPanels.assertStatus(200)
    const props = vendorPanels.body().props
    assert.deepEqual(
      Object.keys(props).filter((key) => key !== 'errors'),
      ['selection']
    )
    assert.equal(props.selection.tab, 'vendors')
    assert.equal(props.selection.id, vendor.id)
    assert.deepEqual(
      props.selection.panels.assignments.map((booking: any) => booking.projectName),
      ['Van day']
    )
    assert.deepInclude(props.selection.panels.choices, {
      kind: 'crew',
      id: crew.id,
      name: 'Bea Sparks',
      starred: false,
    })
    assert.isTrue(props.selection.panels.choices.every((choice: any) => choice.kind === 'crew'))

    const locationPanels = await inertiaVisit(
      client,
      `/directory?tab=locations&id=${location.id}`,
      { session, partial }
    )
    assert.containsSubset(locationPanels.body().props.selection, {
      tab: 'locations',
      id: location.id,
      panels: { assignments: [], links: [], shareLinks: [], choices: [] },
    })
    assert.deepEqual(
      locationPanels.body().props.selection.panels.notes.map((note: any) => note.body),
      ['Gate code 1234']
    )

    // A client has no panels; a record in the trash has none to show.
    for (const [url, tab, id] of [
      [`/directory?tab=clients&id=${customer.id}`, 'clients', customer.id],
      [`/directory?id=${trashed.id}`, 'crew', trashed.id],
    ] as const) {
      const response = await inertiaVisit(client, url, { session, partial })
      assert.deepEqual(response.body().props.selection, { tab, id, panels: null }, url)
    }
    // No record open: the new-record form, a malformed id, none at all.
    for (const url of ['/directory?id=new', '/directory?id=99999999999', '/directory']) {
      const response = await inertiaVisit(client, url, { session, partial })
      response.assertStatus(200)
      assert.deepEqual(
        response.body().props.selection,
        { tab: 'crew', id: null, panels: null },
        url
      )
    }
  })

  test('signed out, the directory and the project page send the visitor to sign in with none of their data', async ({
    client,
    assert,
  }) => {
    const crew = await createCrew({ name: 'Private Person' })
    const project = await createProject(dayFromToday(1), dayFromToday(2), { name: 'Quiet shoot' })
    await ResourceNote.create({ resourceType: 'crew', resourceId: crew.id, body: 'Home address' })

    const visits = [
      { url: `/directory?id=${crew.id}`, component: 'schedule/directory', only: ['selection'] },
      { url: `/projects/${project.id}`, component: 'schedule/project', only: ['resourceChoices'] },
    ]
    for (const { url, component, only } of visits) {
      for (const partial of [undefined, { component, only }]) {
        const response = await inertiaVisit(client, url, { partial })
        response.assertStatus(302)
        response.assertHeader('location', '/login')
        for (const secret of ['Private Person', 'Home address', 'Quiet shoot']) {
          assert.notInclude(response.text(), secret)
        }
      }
    }
  })

  test("the project page carries the crew and vendors the roster's picker offers", async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2031-06-01', '2031-06-02')
    const crew = await createCrew({ name: 'Cal Focus', starred: true })
    const vendor = await createVendor({ name: 'Dolly Depot' })
    const gone = await trash(await createCrew({ name: 'Gone Grip' }))

    const response = await inertiaVisit(client, `/projects/${project.id}`, { session })
    response.assertStatus(200)
    const choices = response.body().props.resourceChoices
    assert.deepInclude(choices, { kind: 'crew', id: crew.id, name: 'Cal Focus', starred: true })
    assert.deepInclude(choices, {
      kind: 'vendor',
      id: vendor.id,
      name: 'Dolly Depot',
      starred: false,
    })
    assert.notDeepInclude(
      choices.map((choice: any) => [choice.kind, choice.id]),
      ['crew', gone.id]
    )
  })
})
