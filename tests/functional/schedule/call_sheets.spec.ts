import { existsSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import { DateTime } from 'luxon'
import ActivityType from '#models/schedule/activity_type'
import AssignmentDayNote from '#models/schedule/assignment_day_note'
import CallSheetContact from '#models/schedule/call_sheet_contact'
import CrewRole from '#models/schedule/crew_role'
import ProjectDayInfo from '#models/schedule/project_day_info'
import { schedulePerson } from '#tests/helpers/schedule_people'
import { runCommand } from '#tests/helpers/ace_commands'
import { pdfPages, renderPage } from '#tests/helpers/export_files'
import {
  assignCrew,
  assignVendor,
  createClient,
  createCrew,
  createLocation,
  createProject,
  createShareLink,
  createVendor,
} from '#tests/helpers/schedule_records'

type Session = Awaited<ReturnType<typeof schedulePerson>>['session']

async function expectStatus(request: PromiseLike<ApiResponse>, status: number) {
  const response = await request
  response.assertStatus(status)
  return response
}

/**
 * A three-day shoot in London with the whole call sheet filled in: day info,
 * configuration, an override of day 2, custom contacts (one public), crew
 * with Unicode names (one with their own call, one off that day), a vendor,
 * activities of a typed kind.
 */
async function londonShoot(client: ApiClient, session: Session) {
  const studio = await createLocation({
    name: 'Studio Øst',
    address: '1 Canal Street, London',
    lat: 51.5074,
    lng: -0.1278,
  })
  const fjord = await createClient({ name: 'Fjord Films' })
  const project = await createProject('2025-06-20', '2025-06-22', {
    name: 'Ålesund Nights',
    clientId: fjord.id,
    locationId: studio.id,
  })
  const gaffer = await CrewRole.create({ name: `Gaffer ${project.id}` })
  const zoe = await assignCrew(
    project,
    await createCrew({
      name: 'Zoë Ångström',
      phone: '+44 7700 900001',
      email: 'zoe@example.com',
      crewRoleId: gaffer.id,
    })
  )
  const jiro = await assignCrew(
    project,
    await createCrew({
      name: 'Дмитрий Шостакович',
      phone: '+44 7700 900002',
      email: 'jiro@example.com',
    })
  )
  const resting = await assignCrew(project, await createCrew({ name: 'Resting Rita' }))
  await AssignmentDayNote.create({
    projectId: project.id,
    projectCrewId: resting.id,
    date: '2025-06-21',
    isScheduled: false,
  })
  const grip = await assignVendor(
    project,
    await createVendor({
      name: 'Grip & Go',
      contactName: 'Sam',
      phone: '+44 20 7946 0000',
      email: 'hire@grip.example',
    })
  )
  await ProjectDayInfo.create({
    projectId: project.id,
    date: '2025-06-21',
    title: 'Night exteriors',
    callTime: '06:30',
    wrapTime: '22:00',
    notes: 'Bring warm layers',
  })
  const type = await ActivityType.create({ name: `Shoot ${project.id}`, color: '#dc2626' })
  const put = (url: string, body: object) =>
    client.put(url).json(body).withSession(session).withCsrfToken()
  const post = (url: string, body: object) =>
    client.post(url).json(body).withSession(session).withCsrfToken()

  await expectStatus(
    put(`/api/projects/${project.id}/call-sheet-config`, {
      companyName: 'Nordlys Productions',
      companyPhone: '+44 20 0000 0000',
      generalCall: '07:00',
      emergencyInfo: 'Call 999, then the producer',
      timezone: 'Europe/London',
      publicCrewIds: [jiro.id],
    }),
    200
  )
  await expectStatus(
    put(`/api/projects/${project.id}/call-sheets/2025-06-21/override`, {
      generalCall: '06:00',
      parking: 'NCP Canal Street, level 2',
      nearestHospital: 'St Thomas’ Hospital, Westminster Bridge Rd',
      weatherNote: 'Clear, 14 °C at midnight',
      safetyNotes: 'Working near water: life jackets on the quay',
      crewCalls: { [zoe.id]: '05:15' },
    }),
    200
  )
  await expectStatus(
    post(`/api/projects/${project.id}/call-sheet-contacts`, {
      role: 'Producer',
      name: 'Åsa Berg',
      phone: '+44 7700 900100',
      email: 'asa@nordlys.example',
      isPublic: true,
    }),
    201
  )
  await expectStatus(
    post(`/api/projects/${project.id}/call-sheet-contacts`, {
      role: 'Medic',
      name: 'Dr Ngozi Okafor',
      phone: '+44 7700 900200',
    }),
    201
  )
  for (const activity of [
    { name: 'Crew call', startTime: '06:00', marker: 'start' },
    {
      name: 'Quay scene',
      startTime: '06:30',
      endTime: '12:00',
      activityTypeId: type.id,
      crewAssignmentIds: [zoe.id, jiro.id],
      vendorAssignmentIds: [grip.id],
    },
    { name: 'Wrap', startTime: '22:00', marker: 'end' },
  ]) {
    await expectStatus(
      post('/api/activities', { projectId: project.id, date: '2025-06-21', ...activity }),
      201
    )
  }
  return { project, zoe, jiro, resting, grip }
}

test.group('call sheets', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('every call sheet route answers 401 without a session', async ({ client }) => {
    const project = await createProject('2025-05-01', '2025-05-03')
    const base = `/api/projects/${project.id}`
    const requests = [
      client.get(`${base}/call-sheet-config`),
      client.put(`${base}/call-sheet-config`).json({}).withCsrfToken(),
      client.get(`${base}/call-sheets/2025-05-01`),
      client.get(`${base}/call-sheets/2025-05-01/pdf`),
      client.get(`${base}/call-sheets/pdf`),
      client.get(`${base}/call-sheets/2025-05-01/override`),
      client.put(`${base}/call-sheets/2025-05-01/override`).json({}).withCsrfToken(),
      client.get(`${base}/call-sheet-contacts`),
      client.post(`${base}/call-sheet-contacts`).json({ role: 'A', name: 'B' }).withCsrfToken(),
      client.patch(`${base}/call-sheet-contacts/1`).json({}).withCsrfToken(),
      client.put(`${base}/call-sheet-contacts/order`).json({ ids: [] }).withCsrfToken(),
      client.delete(`${base}/call-sheet-contacts/1`).withCsrfToken(),
    ]
    for (const request of requests) {
      const response = await request
      response.assertStatus(401)
      response.assertBody({ message: 'Not authenticated' })
    }
  })

  test('a day’s call sheet is generated from the data with its overrides and custom contacts', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const { project, zoe, jiro, grip } = await londonShoot(client, session)

    const response = await client
      .get(`/api/projects/${project.id}/call-sheets/2025-06-21`)
      .withSession(session)
    response.assertStatus(200)
    const sheet = response.body()
    assert.deepEqual(sheet.project, {
      id: project.id,
      name: 'Ålesund Nights',
      client: 'Fjord Films',
      color: project.color,
    })
    assert.deepInclude(sheet, {
      date: '2025-06-21',
      dayNumber: 2,
      dayCount: 3,
      title: 'Night exteriors',
      // The override beats the day info's 06:30 and the configuration's 07:00.
      generalCall: '06:00',
      wrapTime: '22:00',
      parking: 'NCP Canal Street, level 2',
      nearestHospital: 'St Thomas’ Hospital, Westminster Bridge Rd',
      weatherNote: 'Clear, 14 °C at midnight',
      emergencyInfo: 'Call 999, then the producer',
      safetyNotes: 'Working near water: life jackets on the quay',
    })
    assert.deepEqual(sheet.notes, ['Bring warm layers'])
    assert.deepEqual(sheet.company, {
      name: 'Nordlys Productions',
      address: null,
      phone: '+44 20 0000 0000',
      email: null,
    })
    assert.lengthOf(sheet.locations, 1)
    assert.deepInclude(sheet.locations[0], {
      name: 'Studio Øst',
      address: '1 Canal Street, London',
      use: 'Main location',
      mapUrl: 'https://www.google.com/maps/search/?api=1&query=51.5074%2C-0.1278',
    })
    // Published for London on 21 June 2025: sunrise 04:43, sunset 21:21 (BST).
    assert.deepEqual(sheet.locations[0].sun, {
      sunrise: '04:43',
      sunset: '21:21',
      timezone: 'Europe/London',
    })
    assert.deepEqual(
      sheet.schedule.map((item: Record<string, unknown>) => [
        item.startTime,
        item.endTime,
        item.name,
        item.marker,
        item.participants,
      ]),
      [
        ['06:00', null, 'Crew call', 'start', []],
        ['06:30', '12:00', 'Quay scene', null, ['Grip & Go', 'Zoë Ångström', 'Дмитрий Шостакович']],
        ['22:00', null, 'Wrap', 'end', []],
      ]
    )
    assert.equal(sheet.schedule[1].color, '#dc2626')
    // Rita is off on day 2: she is not on its sheet.
    assert.deepEqual(sheet.crew, [
      {
        assignmentId: zoe.id,
        name: 'Zoë Ångström',
        role: sheet.crew[0].role,
        callTime: '05:15',
        ownCall: true,
        phone: '+44 7700 900001',
        email: 'zoe@example.com',
      },
      {
        assignmentId: jiro.id,
        name: 'Дмитрий Шостакович',
        role: null,
        callTime: '06:00',
        ownCall: false,
        phone: '+44 7700 900002',
        email: 'jiro@example.com',
      },
    ])
    assert.match(sheet.crew[0].role, /^Gaffer/)
    assert.deepEqual(sheet.vendors, [
      {
        assignmentId: grip.id,
        name: 'Grip & Go',
        type: null,
        contactName: 'Sam',
        phone: '+44 20 7946 0000',
        email: 'hire@grip.example',
      },
    ])
    assert.deepEqual(
      sheet.contacts.map((contact: Record<string, unknown>) => [
        contact.role,
        contact.name,
        contact.phone,
      ]),
      [
        ['Producer', 'Åsa Berg', '+44 7700 900100'],
        ['Medic', 'Dr Ngozi Okafor', '+44 7700 900200'],
      ]
    )

    // Day 1 has no override: the configuration's call, and Rita works.
    const first = await client
      .get(`/api/projects/${project.id}/call-sheets/2025-06-20`)
      .withSession(session)
    assert.equal(first.body().generalCall, '07:00')
    assert.lengthOf(first.body().crew, 3)
    assert.deepEqual(first.body().schedule, [])

    const outside = await client
      .get(`/api/projects/${project.id}/call-sheets/2025-06-23`)
      .withSession(session)
    outside.assertStatus(422)
  })

  test('the configuration hides sections; an own call is cleared back to the general call', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const { project, zoe } = await londonShoot(client, session)
    const config = await client
      .put(`/api/projects/${project.id}/call-sheet-config`)
      .json({ hiddenSections: ['vendors', 'sun'] })
      .withSession(session)
      .withCsrfToken()
    config.assertStatus(200)
    assert.deepEqual(config.body().hiddenSections, ['vendors', 'sun'])
    const badSection = await client
      .put(`/api/projects/${project.id}/call-sheet-config`)
      .json({ hiddenSections: ['gossip'], timezone: 'Mars/Olympus' })
      .withSession(session)
      .withCsrfToken()
    badSection.assertStatus(422)

    const override = await client
      .put(`/api/projects/${project.id}/call-sheets/2025-06-21/override`)
      .json({ crewCalls: { [zoe.id]: null } })
      .withSession(session)
      .withCsrfToken()
    override.assertStatus(200)
    assert.deepEqual(override.body().crewCalls, {})
    assert.equal(override.body().parking, 'NCP Canal Street, level 2')

    const sheet = await client
      .get(`/api/projects/${project.id}/call-sheets/2025-06-21`)
      .withSession(session)
    assert.notInclude(sheet.body().sections, 'vendors')
    assert.include(sheet.body().sections, 'crew')
    assert.equal(sheet.body().crew[0].callTime, '06:00')

    const stranger = await client
      .put(`/api/projects/${project.id}/call-sheets/2025-06-21/override`)
      .json({ crewCalls: { 999999: '05:00' } })
      .withSession(session)
      .withCsrfToken()
    stranger.assertStatus(422)
  })

  test('the PDF holds every section and the Unicode names; its first page is kept as a PNG', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const { project } = await londonShoot(client, session)
    const response = await client
      .get(`/api/projects/${project.id}/call-sheets/2025-06-21/pdf`)
      .withSession(session)
    response.assertStatus(200)
    response.assertHeader('content-type', 'application/pdf')
    assert.include(
      response.header('content-disposition'),
      'Ålesund-Nights-call-sheet-2025-06-21.pdf'.replace('Å', '%C3%85')
    )
    const pages = await pdfPages(response.body(), 'call-sheet')
    const text = pages.join('\n')
    for (const expected of [
      'Ålesund Nights — Night exteriors',
      '2 of 3',
      'Saturday 21 Jun 2025',
      'Fjord Films',
      'General crew call',
      '06:00',
      'Nordlys Productions',
      'Studio Øst',
      '1 Canal Street, London',
      '04:43',
      '21:21',
      'https://www.google.com/maps/search/?api=1&query=51.5074%2C-0.1278',
      'Parking: NCP Canal Street, level 2',
      'Nearest hospital: St Thomas’ Hospital',
      'Clear, 14 °C at midnight',
      'Quay scene',
      'Zoë Ångström',
      'Дмитрий Шостакович',
      '05:15',
      'Grip & Go',
      'Åsa Berg',
      'Dr Ngozi Okafor',
      'Bring warm layers',
      'life jackets on the quay',
      'In an emergency: Call 999, then the producer',
      'Page 1',
    ]) {
      assert.include(text, expected)
    }
    for (const heading of [
      'Locations',
      'Schedule',
      'Crew',
      'Vendors',
      'Contacts',
      'Notes',
      'Safety',
    ]) {
      assert.match(text, new RegExp(`^\\s*${heading}\\s*$`, 'm'))
    }
    const png = await renderPage(response.body(), 'call-sheet')
    assert.isTrue(existsSync(png))

    const all = await client.get(`/api/projects/${project.id}/call-sheets/pdf`).withSession(session)
    all.assertStatus(200)
    const allPages = await pdfPages(all.body(), 'call-sheets-all')
    assert.isAtLeast(allPages.length, 3)
    assert.include(allPages[0], '1 of 3')
    assert.include(allPages.join('\n'), '3 of 3')
  })

  test('a share recipient’s call sheet keeps only the public contact details', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const { project, jiro } = await londonShoot(client, session)
    const link = await createShareLink('project', project.id)

    const response = await client.get(`/api/share/${link.token}/call-sheets/2025-06-21`)
    response.assertStatus(200)
    response.assertHeader('cache-control', 'no-store')
    const sheet = response.body()
    assert.deepEqual(
      sheet.crew.map((person: Record<string, unknown>) => [
        person.name,
        person.phone,
        person.email,
      ]),
      [
        ['Zoë Ångström', null, null],
        ['Дмитрий Шостакович', '+44 7700 900002', 'jiro@example.com'],
      ]
    )
    assert.equal(sheet.crew[1].assignmentId, jiro.id)
    assert.deepEqual(
      sheet.vendors.map((vendor: Record<string, unknown>) => [vendor.contactName, vendor.phone]),
      [[null, null]]
    )
    assert.deepEqual(
      sheet.contacts.map((contact: Record<string, unknown>) => [contact.name, contact.phone]),
      [
        ['Åsa Berg', '+44 7700 900100'],
        ['Dr Ngozi Okafor', null],
      ]
    )
    const serialized = JSON.stringify(sheet)
    for (const secret of ['zoe@example.com', '900001', 'hire@grip.example', '900200']) {
      assert.notInclude(serialized, secret)
    }

    const pdf = await client.get(`/api/share/${link.token}/call-sheets/2025-06-21/pdf`)
    pdf.assertStatus(200)
    const pages = await pdfPages(pdf.body(), 'call-sheet-shared')
    const text = pages.join('\n')
    assert.include(text, '+44 7700 900002')
    assert.include(text, '+44 7700 900100')
    for (const secret of ['zoe@example.com', '900001', 'hire@grip.example', '900200']) {
      assert.notInclude(text, secret)
    }

    const person = await createShareLink('crew', jiro.id)
    await expectStatus(client.get(`/api/share/${person.token}/call-sheets/2025-06-21`), 404)
    const revoked = await createShareLink('project', project.id, { revokedAt: DateTime.now() })
    await expectStatus(client.get(`/api/share/${revoked.token}/call-sheets/2025-06-21`), 410)
    await expectStatus(client.get(`/api/share/nope/call-sheets/2025-06-21`), 404)
  })

  test('custom contacts are added, changed and removed', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const url = `/api/projects/${project.id}/call-sheet-contacts`
    const created = await client
      .post(url)
      .json({ role: 'Location manager', name: 'Kai', email: 'not-an-email' })
      .withSession(session)
      .withCsrfToken()
    created.assertStatus(422)
    const added = await client
      .post(url)
      .json({ role: 'Location manager', name: 'Kai' })
      .withSession(session)
      .withCsrfToken()
    added.assertStatus(201)
    const changed = await client
      .patch(`${url}/${added.body().id}`)
      .json({ phone: '+44 1', isPublic: true })
      .withSession(session)
      .withCsrfToken()
    changed.assertStatus(200)
    assert.deepInclude(changed.body(), { name: 'Kai', phone: '+44 1', isPublic: true })
    const other = await createProject('2025-05-01', '2025-05-03')
    await expectStatus(
      client
        .delete(`/api/projects/${other.id}/call-sheet-contacts/${added.body().id}`)
        .withSession(session)
        .withCsrfToken(),
      404
    )
    await expectStatus(
      client.delete(`${url}/${added.body().id}`).withSession(session).withCsrfToken(),
      200
    )
    assert.lengthOf(await CallSheetContact.all(), 0)
  })

  test('custom contacts are put in order, which every day’s call sheet follows', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2025-05-01', '2025-05-03')
    const url = `/api/projects/${project.id}/call-sheet-contacts`
    const ids: number[] = []
    for (const name of ['Ana', 'Ben', 'Cy']) {
      const added = await client
        .post(url)
        .json({ role: 'Producer', name })
        .withSession(session)
        .withCsrfToken()
      ids.push(added.body().id)
    }
    const [ana, ben, cy] = ids
    const order = (body: unknown) =>
      client.put(`${url}/order`).json(body).withSession(session).withCsrfToken()

    // An order must name every contact of the project once, and only them.
    for (const refused of [[cy, ana], [cy, ana, ben, ben], [cy, ana, ben + 1000], 'all']) {
      const response = await order({ ids: refused })
      response.assertStatus(422)
    }
    const other = await createProject('2025-05-01', '2025-05-03')
    const elsewhere = await client
      .put(`/api/projects/${other.id}/call-sheet-contacts/order`)
      .json({ ids: [cy, ana, ben] })
      .withSession(session)
      .withCsrfToken()
    elsewhere.assertStatus(422)

    const ordered = await order({ ids: [cy, ana, ben] })
    ordered.assertStatus(200)
    assert.deepEqual(
      ordered.body().map((contact: { name: string }) => contact.name),
      ['Cy', 'Ana', 'Ben']
    )
    const sheet = await client
      .get(`/api/projects/${project.id}/call-sheets/2025-05-02`)
      .withSession(session)
    assert.deepEqual(
      sheet.body().contacts.map((contact: { name: string }) => contact.name),
      ['Cy', 'Ana', 'Ben']
    )
  })

  test('schedule:call-sheet writes a day’s PDF, or every day’s, to a file', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const { project } = await londonShoot(client, session)
    const file = join(tmpdir(), `call-sheet-${project.id}.pdf`)
    try {
      const day = await runCommand('schedule:call-sheet', [
        String(project.id),
        '2025-06-21',
        `--out=${file}`,
      ])
      assert.equal(day.exitCode, 0)
      assert.include(day.output, `Wrote the call sheet of "Ålesund Nights" to ${file}`)
      const written = await readFile(file)
      const pages = await pdfPages(written, 'call-sheet-command')
      const text = pages.join('\n')
      assert.include(text, 'Zoë Ångström')

      const all = await runCommand('schedule:call-sheet', [
        'Ålesund Nights',
        'all',
        `--out=${file}`,
      ])
      assert.equal(all.exitCode, 0)
      assert.include(all.output, 'Wrote the 3 call sheets')

      const outside = await runCommand('schedule:call-sheet', [String(project.id), '2025-07-01'])
      assert.equal(outside.exitCode, 1)
      assert.include(outside.output, 'The project does not run on 1 Jul 2025')
      const unknown = await runCommand('schedule:call-sheet', ['No such film', '2025-06-21'])
      assert.equal(unknown.exitCode, 1)
      assert.include(unknown.output, 'No project "No such film"')
    } finally {
      await rm(file, { force: true })
    }
  })
})
