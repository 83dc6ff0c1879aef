import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Status from '#models/schedule/status'
import ProjectStatus from '#models/schedule/project_status'
import {
  assignCrew,
  createClient,
  createCrew,
  createProject,
  createShareLink,
} from '#tests/helpers/schedule_records'
import { inertiaVisit } from '#tests/helpers/inertia_visits'

/*
 * The page a share link opens carries the shared schedule in its first
 * render: the same view GET /api/share/:token answers, and nothing a
 * recipient may not see.
 */
test.group('schedule /share/:token page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("opens with the project's schedule as props, without anyone's contact data or notes", async ({
    client,
    assert,
  }) => {
    const owner = await createClient({ email: 'client.boss@example.com', phone: '+1 555 0100' })
    const project = await createProject('2030-04-01', '2030-04-02', {
      notes: 'Budget is tight',
      clientId: owner.id,
    })
    const crew = await createCrew({
      name: 'Jane Crew',
      phone: '+44 7700 900123',
      email: 'jane.crew@example.com',
      notes: 'Prefers mornings',
    })
    const confirmed = await Status.findByOrFail('name', 'Confirmed')
    await assignCrew(project, crew, { statusId: confirmed.id, notes: 'Pay at day rate' })
    const link = await createShareLink('project', project.id, { label: 'Crew call' })

    const response = await inertiaVisit(client, `/share/${link.token}`)
    response.assertStatus(200)
    response.assertHeader('cache-control', 'no-store')
    const page = response.body()
    assert.equal(page.component, 'schedule/share')
    assert.isNull(page.props.gone)
    assert.deepEqual(page.props.share, {
      resourceType: 'project',
      label: 'Crew call',
      expiresAt: null,
      project: {
        name: project.name,
        startDate: '2030-04-01',
        endDate: '2030-04-02',
        color: project.color,
        client: owner.name,
        location: null,
        locationMap: null,
        locationMapImageUrl: null,
        locationPhotos: [],
        days: [],
        roster: [
          {
            kind: 'crew',
            name: 'Jane Crew',
            role: null,
            days: ['2030-04-01', '2030-04-02'],
            notes: {},
          },
        ],
      },
    })
    assert.notProperty(page.props, 'user')
    const raw = response.text()
    for (const secret of [
      '+44 7700 900123',
      'jane.crew@example.com',
      'client.boss@example.com',
      '+1 555 0100',
      'Budget is tight',
      'Prefers mornings',
      'Pay at day rate',
    ]) {
      assert.notInclude(raw, secret)
    }

    await link.refresh()
    assert.equal(link.viewCount, 1)
  })

  test('the page shows a recipient no internal status and only the people a booking holds', async ({
    client,
    assert,
  }) => {
    const tentative = await ProjectStatus.findByOrFail('name', 'Tentative')
    const project = await createProject('2030-04-01', '2030-04-02', {
      name: 'Harbour Lights',
      projectStatusId: tentative.id,
    })
    const statuses = async (name: string) => {
      const status = await Status.findByOrFail('name', name)
      return status.id
    }
    const [held, pencilled, asked, declined, none] = await Promise.all(
      ['Held Hana', 'Pencil Pat', 'Asked Ari', 'Declined Dee', 'No Status Noa'].map((name) =>
        createCrew({ name })
      )
    )
    await assignCrew(project, held, { statusId: await statuses('Confirmed') })
    await assignCrew(project, pencilled, { statusId: await statuses('Pencilled') })
    await assignCrew(project, asked, { statusId: await statuses('Asked') })
    await assignCrew(project, declined, { statusId: await statuses('Declined') })
    await assignCrew(project, none)
    const projectLink = await createShareLink('project', project.id)
    const personLink = await createShareLink('crew', asked.id)
    await assignCrew(await createProject('2030-05-01', '2030-05-01'), asked, {
      statusId: await statuses('Pencilled'),
    })

    const page = await inertiaVisit(client, `/share/${projectLink.token}`)
    const shared = page.body().props.share.project
    assert.notProperty(shared, 'status')
    assert.deepEqual(
      shared.roster.map((entry: { name: string }) => entry.name),
      ['Held Hana', 'Pencil Pat', 'No Status Noa']
    )
    for (const entry of shared.roster) assert.notProperty(entry, 'status')
    for (const word of ['Pencilled', 'Asked', 'Declined', 'Confirmed', 'Tentative']) {
      assert.notInclude(JSON.stringify(page.body().props), word)
    }

    // The JSON API keeps its documented body: everyone on the roster, with statuses.
    const api = await client.get(`/api/share/${projectLink.token}`)
    assert.deepEqual(
      api
        .body()
        .project.roster.map((entry: { name: string; status: string | null }) => [
          entry.name,
          entry.status,
        ]),
      [
        ['Held Hana', 'Confirmed'],
        ['Pencil Pat', 'Pencilled'],
        ['Asked Ari', 'Asked'],
        ['Declined Dee', 'Declined'],
        ['No Status Noa', null],
      ]
    )
    assert.equal(api.body().project.status, 'Tentative')
    assert.notProperty(api.body().project.roster[0], 'booked')

    const personPage = await inertiaVisit(client, `/share/${personLink.token}`)
    const person = personPage.body().props.share.person
    assert.deepEqual(
      person.bookings.map((booking: { startDate: string }) => booking.startDate),
      ['2030-05-01']
    )
    assert.notProperty(person.bookings[0], 'status')
    const personApi = await client.get(`/api/share/${personLink.token}`)
    assert.deepEqual(
      personApi.body().person.bookings.map((booking: { status: string }) => booking.status),
      ['Asked', 'Pencilled']
    )
  })

  test("a person's link opens with their bookings", async ({ client, assert }) => {
    const crew = await createCrew({ name: 'Robin Grip', email: 'robin@example.com' })
    const link = await createShareLink('crew', crew.id)

    const response = await inertiaVisit(client, `/share/${link.token}`)
    const page = response.body()
    assert.deepEqual(page.props.share, {
      resourceType: 'crew',
      label: null,
      expiresAt: null,
      person: { kind: 'crew', name: 'Robin Grip', role: null, bookings: [] },
    })
    assert.notInclude(JSON.stringify(page), 'robin@example.com')
  })

  test('a revoked or expired link is 410 and an unknown one 404, with why and no share', async ({
    client,
    assert,
  }) => {
    const project = await createProject('2030-04-01', '2030-04-03')
    const revoked = await createShareLink('project', project.id, { revokedAt: DateTime.now() })
    const expired = await createShareLink('project', project.id, {
      expiresAt: DateTime.now().minus({ seconds: 1 }),
    })

    for (const [token, status, message] of [
      [revoked.token, 410, 'This share link has been revoked'],
      [expired.token, 410, 'This share link has expired'],
      [randomBytes(32).toString('base64url'), 404, 'Share link not found'],
    ] as const) {
      const response = await inertiaVisit(client, `/share/${token}`)
      response.assertStatus(status)
      const page = response.body()
      assert.equal(page.component, 'schedule/share')
      assert.isNull(page.props.share)
      assert.deepEqual(page.props.gone, { status, message })
    }
    await revoked.refresh()
    assert.equal(revoked.viewCount, 0)
  })

  test('a first visit gets the whole page with the share in it', async ({ client, assert }) => {
    const project = await createProject('2030-04-01', '2030-04-01', { name: 'Harbour shoot' })
    const link = await createShareLink('project', project.id)

    const response = await client.get(`/share/${link.token}`)
    response.assertStatus(200)
    assert.include(response.header('content-type'), 'text/html')
    assert.include(response.text(), 'Harbour shoot')
  })
})
