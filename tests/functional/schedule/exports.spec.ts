import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { parse } from 'csv-parse/sync'
import AssignmentDayNote from '#models/schedule/assignment_day_note'
import CrewRole from '#models/schedule/crew_role'
import ProjectDayInfo from '#models/schedule/project_day_info'
import ProjectStatus from '#models/schedule/project_status'
import ProjectTask from '#models/schedule/project_task'
import ResourceNote from '#models/schedule/resource_note'
import Status from '#models/schedule/status'
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
import { pdfPages, renderPage, xlsxSheet, zipEntries } from '#tests/helpers/export_files'

async function pdfText(pdf: Buffer, name: string) {
  const pages = await pdfPages(pdf, name)
  return pages.join('\n')
}

const UNICODE_NAMES = ['Zoë Ångström', 'Łukasz Żółć', 'Nguyễn Thị Minh']

/** A project with everything a printed project shows: a client, a place, a roster with statuses and day notes, day info, tasks. */
async function fullProject() {
  const client = await createClient({
    name: 'Ærø Films',
    contactName: 'Søren',
    email: 'boss@aero.example',
  })
  const location = await createLocation({ name: 'Studio Ü', address: '1 Straße, Köln' })
  const projectStatus = await ProjectStatus.findByOrFail('name', 'Confirmed')
  const project = await createProject('2030-04-01', '2030-04-03', {
    name: 'Fête de la Musique',
    notes: 'Budget is tight',
    clientId: client.id,
    locationId: location.id,
    projectStatusId: projectStatus.id,
  })
  const confirmed = await Status.findByOrFail('name', 'Confirmed')
  const asked = await Status.findByOrFail('name', 'Asked')
  const role = await CrewRole.create({ name: 'Gaffer', sortOrder: 1 })
  const [zoe, lukasz, nguyen] = await Promise.all(
    UNICODE_NAMES.map((name, index) =>
      createCrew({
        name,
        phone: `+44 7700 90012${index}`,
        email: `person${index}@example.com`,
        notes: 'Private note about them',
      })
    )
  )
  const zoeBooking = await assignCrew(project, zoe, {
    statusId: confirmed.id,
    crewRoleId: role.id,
    sortOrder: 1,
    notes: 'Pay at day rate',
  })
  await assignCrew(project, lukasz, { statusId: confirmed.id, sortOrder: 2 })
  await assignCrew(project, nguyen, { statusId: asked.id, sortOrder: 3 })
  const vendor = await createVendor({ name: 'Lamp Hire Ñandú' })
  await assignVendor(project, vendor, { statusId: confirmed.id, sortOrder: 4 })
  await AssignmentDayNote.create({
    projectId: project.id,
    projectCrewId: zoeBooking.id,
    date: '2030-04-02',
    note: 'Brings the dolly',
    isScheduled: true,
  })
  await AssignmentDayNote.create({
    projectId: project.id,
    projectCrewId: zoeBooking.id,
    date: '2030-04-03',
    note: null,
    isScheduled: false,
  })
  await ProjectDayInfo.create({
    projectId: project.id,
    date: '2030-04-01',
    title: 'Load-in',
    callTime: '07:30',
    wrapTime: '19:00',
    notes: 'Park behind the hall',
  })
  await ProjectTask.create({ projectId: project.id, text: 'Book the generator', sortOrder: 1 })
  await ProjectTask.create({
    projectId: project.id,
    text: 'Send call sheet',
    sortOrder: 2,
    completed: true,
  })
  return { project, client, location, zoe, lukasz, nguyen, vendor }
}

test.group('schedule exports: bulk', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('projects as CSV: RFC 4180 with a BOM, accents kept, formulas neutralised, range and filters', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const { project } = await fullProject()
    await createProject('2030-04-02', '2030-04-02', {
      name: '=HYPERLINK("http://evil.example","Click")',
      notes: 'line one\nline "two", with a comma',
    })
    await createProject('2030-06-01', '2030-06-02', { name: 'Later project' })
    const trashed = await createProject('2030-04-01', '2030-04-01', { name: 'Trashed project' })
    await trash(trashed)

    const response = await client
      .get('/api/exports/projects.csv')
      .qs({ from: '2030-04-01', to: '2030-04-30' })
      .withSession(session)
    response.assertStatus(200)
    response.assertHeader('content-type', 'text/csv; charset=utf-8')
    assert.match(
      response.header('content-disposition') ?? '',
      /^attachment; filename="projects-2030-04-01-to-2030-04-30-\d{4}-\d{2}-\d{2}\.csv"/
    )
    const body = response.text()
    assert.isTrue(body.startsWith('\uFEFF'), 'starts with a UTF-8 BOM')
    assert.include(body, '\r\n', 'CRLF line ends')
    const rows: string[][] = parse(body, { bom: true })
    assert.deepEqual(rows[0].slice(0, 6), ['ID', 'Name', 'Start', 'End', 'Days', 'Status'])
    assert.lengthOf(rows, 3, 'a header and the two April projects, not June, not the trash')
    const byName = new Map(rows.slice(1).map((row) => [row[1], row]))
    const fete = byName.get('Fête de la Musique')!
    assert.deepEqual(fete.slice(0, 8), [
      String(project.id),
      'Fête de la Musique',
      '2030-04-01',
      '2030-04-03',
      '3',
      'Confirmed',
      'Ærø Films',
      'Studio Ü',
    ])
    assert.include(fete, 'Budget is tight')
    const injected = byName.get(`'=HYPERLINK("http://evil.example","Click")`)
    assert.exists(injected, 'the formula cell starts with an apostrophe')
    assert.include(injected!, 'line one\nline "two", with a comma')

    const searched = await client
      .get('/api/exports/projects.csv')
      .qs({ search: 'fête' })
      .withSession(session)
    const found: string[][] = parse(searched.text(), { bom: true })
    assert.deepEqual(
      found.slice(1).map((row) => row[1]),
      ['Fête de la Musique']
    )
  })

  test('crew as CSV keeps every accent; directory filters apply', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const role = await CrewRole.create({ name: 'Sound', sortOrder: 1 })
    for (const name of UNICODE_NAMES) {
      await createCrew({ name, crewRoleId: role.id, starred: name.startsWith('Z') })
    }
    await createCrew({ name: '@SUM(A1)', phone: '-1+2' })
    const gone = await createCrew({ name: 'Gone Person' })
    await trash(gone)

    const response = await client.get('/api/exports/crew.csv').withSession(session)
    response.assertStatus(200)
    const rows: Record<string, string>[] = parse(response.text(), { bom: true, columns: true })
    assert.sameMembers(
      rows.map((row) => row.Name),
      [...UNICODE_NAMES, "'@SUM(A1)"]
    )
    assert.equal(rows.find((row) => row.Name === "'@SUM(A1)")!.Phone, "'-1+2")
    assert.equal(rows.find((row) => row.Name === 'Zoë Ångström')!.Role, 'Sound')

    const starred = await client
      .get('/api/exports/crew.csv')
      .qs({ starred: true })
      .withSession(session)
    const onlyStarred: Record<string, string>[] = parse(starred.text(), {
      bom: true,
      columns: true,
    })
    assert.deepEqual(
      onlyStarred.map((row) => row.Name),
      ['Zoë Ångström']
    )
  })

  test('projects as XLSX: typed dates and numbers, a bold frozen header row, widths', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const { project } = await fullProject()
    const response = await client.get('/api/exports/projects.xlsx').withSession(session)
    response.assertStatus(200)
    response.assertHeader(
      'content-type',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    )
    const sheet = await xlsxSheet(response.body())
    assert.equal(sheet.name, 'Projects')
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1, 5), [
      'ID',
      'Name',
      'Start',
      'End',
    ])
    assert.isTrue(sheet.getRow(1).font?.bold)
    assert.containsSubset(sheet.views[0], { state: 'frozen', ySplit: 1 })
    assert.isAbove(sheet.getColumn(2).width ?? 0, 20)
    const row = sheet.getRow(2)
    assert.equal(row.getCell(1).value, project.id)
    assert.equal(row.getCell(2).value, 'Fête de la Musique')
    const start = row.getCell(3).value
    assert.instanceOf(start, Date)
    assert.equal((start as Date).toISOString(), '2030-04-01T00:00:00.000Z')
    assert.equal(row.getCell(3).numFmt, 'yyyy-mm-dd')
    assert.equal(row.getCell(5).value, 3)
    assert.instanceOf(row.getCell(14).value, Date, 'the creation time is a date too')
    assert.equal(sheet.rowCount, 2)
  })

  test('projects as one PDF: a landscape table of the range, Unicode intact', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    await fullProject()
    await createProject('2030-04-20', '2030-04-21', {
      name: 'Łódź Night Shoot',
      notes: 'Bring torches',
    })
    const response = await client
      .get('/api/exports/projects.pdf')
      .qs({ from: '2030-04-01', to: '2030-04-30' })
      .withSession(session)
    response.assertStatus(200)
    response.assertHeader('content-type', 'application/pdf')
    const [page] = await pdfPages(response.body(), 'projects')
    assert.match(
      page,
      /Name\s+Start\s+End\s+Days\s+Status\s+Client\s+Location\s+Crew\s+Vendors\s+Notes/
    )
    assert.match(
      page,
      /Fête de la Musique\s+1 Apr 2030\s+3 Apr 2030\s+3\s+Confirmed\s+Ærø Films\s+Studio Ü\s+3\s+1/
    )
    assert.include(page, 'Łódź Night Shoot')
    assert.include(page, '2 items, 1 Apr 2030 – 30 Apr 2030')
    assert.include(page, 'Page 1')
    await renderPage(response.body(), 'projects')
  })

  test('vendors as JSON; rosters as CSV with statuses, days off and day notes', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const { project } = await fullProject()
    const json = await client.get('/api/exports/vendors.json').withSession(session)
    json.assertStatus(200)
    json.assertHeader('content-type', 'application/json; charset=utf-8')
    const document = JSON.parse(json.text())
    assert.containsSubset(document, { kind: 'vendors', count: 1 })
    assert.containsSubset(document.items, [{ name: 'Lamp Hire Ñandú', starred: false }])
    // The directory page's search: any part of the name, contact, email, phone or address.
    for (const [search, count] of [
      ['ñandú', 1],
      ['Nobody by this name', 0],
    ] as const) {
      const searched = await client
        .get('/api/exports/vendors.json')
        .qs({ search })
        .withSession(session)
      assert.equal(JSON.parse(searched.text()).count, count, search)
    }

    const rosters = await client
      .get('/api/exports/rosters.csv')
      .qs({ from: '2030-04-01', to: '2030-04-30', kind: 'crew' })
      .withSession(session)
    rosters.assertStatus(200)
    const rows: Record<string, string>[] = parse(rosters.text(), { bom: true, columns: true })
    assert.deepEqual(
      rows.map((row) => [row.Name, row.Status]),
      [
        ['Zoë Ångström', 'Confirmed'],
        ['Łukasz Żółć', 'Confirmed'],
        ['Nguyễn Thị Minh', 'Asked'],
      ]
    )
    assert.containsSubset(rows[0], {
      'Project ID': String(project.id),
      'Project': 'Fête de la Musique',
      'Role': 'Gaffer',
      'Days worked': '2',
      'Days off': '3 Apr 2030',
      'Day notes': '2 Apr 2030: Brings the dolly',
      'Notes': 'Pay at day rate',
    })
  })

  test('rosters as a zip hold one roster per project; clients as JSON', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const { project } = await fullProject()
    const empty = await createProject('2030-04-10', '2030-04-10', { name: 'Quiet day' })
    const zip = await client
      .get('/api/exports/rosters.zip')
      .qs({ from: '2030-04-01', to: '2030-04-30' })
      .withSession(session)
    zip.assertStatus(200)
    const entries = await zipEntries(zip.body())
    assert.sameMembers(
      [...entries.keys()],
      [`Fête-de-la-Musique-${project.id}.md`, `Quiet-day-${empty.id}.md`]
    )
    assert.include(
      entries.get(`Fête-de-la-Musique-${project.id}.md`)!,
      '| Nguyễn Thị Minh |  | Asked | Every day |  |  |'
    )
    assert.include(entries.get(`Quiet-day-${empty.id}.md`)!, '_Nobody is booked yet._')

    const json = await client.get('/api/exports/clients.json').withSession(session)
    json.assertStatus(200)
    assert.containsSubset(JSON.parse(json.text()), {
      kind: 'clients',
      count: 1,
      items: [{ name: 'Ærø Films', contactName: 'Søren', email: 'boss@aero.example' }],
    })
  })

  test('locations as a zip of one Markdown file per item', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const places = await Promise.all(
      ['Château Vieux', 'Kraków Hall', 'Studio Ü'].map((name) =>
        createLocation({ name, address: `${name} Road` })
      )
    )
    const response = await client.get('/api/exports/locations.zip').withSession(session)
    response.assertStatus(200)
    response.assertHeader('content-type', 'application/zip')
    const entries = await zipEntries(response.body())
    assert.sameMembers(
      [...entries.keys()],
      places.map((place) => `${place.name.replace(/ /g, '-')}-${place.id}.md`)
    )
    const chateau = entries.get(`Château-Vieux-${places[0].id}.md`)!
    assert.include(chateau, '# Château Vieux')
    assert.include(chateau, '**Address:** Château Vieux Road')
  })

  test('a long list as one PDF: the table runs over pages with its header on each, page numbers below', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    for (let index = 0; index < 120; index += 1) {
      await createCrew({
        name: `${UNICODE_NAMES[index % 3]} ${String(index).padStart(3, '0')}`,
        email: `crew${index}@example.com`,
      })
    }
    const response = await client.get('/api/exports/crew.pdf').withSession(session)
    response.assertStatus(200)
    response.assertHeader('content-type', 'application/pdf')
    const pages = await pdfPages(response.body(), 'crew-list')
    assert.isAtLeast(pages.length, 3)
    pages.forEach((page, index) => {
      assert.match(page, /Name\s+Role\s+Region\s+Phone\s+Email/, `header row on page ${index + 1}`)
      assert.include(page, `Page ${index + 1}`)
    })
    const text = pages.join('\n')
    assert.include(text, 'Łukasz Żółć 001')
    assert.include(text, 'Nguyễn Thị Minh 119')
    assert.include(text, 'Zoë Ångström 117')
    await renderPage(response.body(), 'crew-list', 2)
  })

  test('refusals: an unknown export is 404, a bad query 422, and signed out 401', async ({
    client,
  }) => {
    const { session } = await schedulePerson('staff')
    const unknown = await client.get('/api/exports/secrets.csv').withSession(session)
    unknown.assertStatus(404)
    unknown.assertBody({ message: 'Unknown export' })
    const badFormat = await client.get('/api/exports/projects.exe').withSession(session)
    badFormat.assertStatus(404)

    const backwards = await client
      .get('/api/exports/projects.csv')
      .qs({ from: '2030-05-01', to: '2030-04-01' })
      .withSession(session)
    backwards.assertStatus(422)
    backwards.assertBodyContains({
      message: 'Validation failed',
      errors: [{ field: 'to', rule: 'rangeOrder' }],
    })
    const notADay = await client
      .get('/api/exports/rosters.xlsx')
      .qs({ from: '2030-13-01' })
      .withSession(session)
    notADay.assertStatus(422)

    const signedOut = await client
      .get('/api/exports/projects.csv')
      .header('accept', 'application/json')
    signedOut.assertStatus(401)
    signedOut.assertBody({ message: 'Not authenticated' })
  })
})

test.group('schedule exports: one item', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a project as PDF: facts, the roster with statuses and day notes, days, tasks, in Unicode', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const { project } = await fullProject()
    const response = await client.get(`/api/projects/${project.id}/export/pdf`).withSession(session)
    response.assertStatus(200)
    response.assertHeader('content-type', 'application/pdf')
    assert.equal(
      response.header('content-disposition'),
      `attachment; filename="Fete-de-la-Musique-${project.id}.pdf"; filename*=UTF-8''F%C3%AAte-de-la-Musique-${project.id}.pdf`
    )
    const text = await pdfText(response.body(), 'project')
    for (const expected of [
      'Fête de la Musique',
      '1 Apr 2030 – 3 Apr 2030 (3 days)',
      'Ærø Films',
      'Søren',
      'Studio Ü · 1 Straße, Köln',
      'Budget is tight',
      ...UNICODE_NAMES,
      'Lamp Hire Ñandú',
      'Gaffer',
      'Asked',
      // The day note wraps inside its cell.
      '2 Apr 2030: Brings',
      'the dolly',
      'Pay at day rate',
      'Load-in',
      '07:30',
      'Park behind the hall',
      '☐ Book the generator',
      '☑ Send call sheet',
      'Page 1',
    ]) {
      assert.include(text, expected)
    }
    const png = await renderPage(response.body(), 'project')
    assert.match(png, /project-1\.png$/)
  })

  test('a project, crew member, vendor and location as Markdown', async ({ client, assert }) => {
    const { session, user } = await schedulePerson('staff')
    const { project, zoe, vendor, location } = await fullProject()
    await ResourceNote.create({
      resourceType: 'crew',
      resourceId: zoe.id,
      body: 'Knows the venue',
      pinned: true,
      authorId: user.id,
      authorName: 'Ann Admin',
    })

    const markdown = await client.get(`/api/projects/${project.id}/export/md`).withSession(session)
    markdown.assertStatus(200)
    markdown.assertHeader('content-type', 'text/markdown; charset=utf-8')
    const projectText = markdown.text()
    assert.include(projectText, '# Fête de la Musique')
    assert.include(
      projectText,
      '| Zoë Ångström | Gaffer | Confirmed | 1 Apr 2030 – 2 Apr 2030 | 2 Apr 2030: Brings the dolly | Pay at day rate |'
    )
    assert.include(projectText, '| Lamp Hire Ñandú | Vendor | Confirmed | Every day |  |  |')
    assert.include(projectText, '- ☑ Send call sheet')

    const crewAnswer = await client.get(`/api/crew/${zoe.id}/export/md`).withSession(session)
    const crew = crewAnswer.text()
    assert.include(crew, '# Zoë Ångström')
    assert.include(crew, '**Phone:** +44 7700 900120')
    assert.include(crew, 'Pinned: Knows the venue (Ann Admin')
    assert.include(crew, '| Fête de la Musique | 1 Apr 2030 – 3 Apr 2030 | Confirmed |')

    const vendorAnswer = await client
      .get(`/api/vendors/${vendor.id}/export/md`)
      .withSession(session)
    const vendorText = vendorAnswer.text()
    assert.include(vendorText, '# Lamp Hire Ñandú')
    assert.include(vendorText, '| Fête de la Musique |')

    const place = await client.get(`/api/locations/${location.id}/export/pdf`).withSession(session)
    place.assertStatus(200)
    const placeText = await pdfText(place.body(), 'location')
    assert.include(placeText, 'Studio Ü')
    assert.include(placeText, '1 Straße, Köln')
  })

  test('a trashed or unknown item is 404, an unknown format 404', async ({ client }) => {
    const { session } = await schedulePerson('staff')
    const project = await createProject('2030-01-01', '2030-01-02')
    await trash(project)
    const trashed = await client.get(`/api/projects/${project.id}/export/pdf`).withSession(session)
    trashed.assertStatus(404)
    trashed.assertBody({ message: 'Project not found' })
    const crew = await client.get('/api/crew/999999/export/md').withSession(session)
    crew.assertBody({ message: 'Crew member not found' })
    crew.assertStatus(404)
    const vendor = await createVendor()
    const format = await client.get(`/api/vendors/${vendor.id}/export/docx`).withSession(session)
    format.assertStatus(404)
    format.assertBody({ message: 'Unknown export format' })
  })
})

test.group('schedule exports: a share link', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('holds what the share page shows and nothing private', async ({ client, assert }) => {
    const { project, nguyen } = await fullProject()
    const link = await createShareLink('project', project.id, {
      expiresAt: DateTime.fromISO('2031-01-02T15:30:00Z'),
    })
    const markdown = await client.get(`/api/share/${link.token}/export/md`)
    markdown.assertStatus(200)
    markdown.assertHeader('cache-control', 'no-store')
    const text = markdown.text()
    for (const shown of [
      '**Link works until:** 2 Jan 2031 15:30 UTC',
      'Fête de la Musique',
      'Zoë Ångström',
      'Łukasz Żółć',
      'Brings the dolly',
      'Load-in',
      'Ærø Films',
    ]) {
      assert.include(text, shown)
    }
    for (const hidden of [
      nguyen.name, // only asked: not booked, so not on the page
      'Confirmed',
      'Asked',
      '+44 7700',
      'example.com',
      'boss@aero.example',
      'Budget is tight',
      'Pay at day rate',
      'Private note',
      'Book the generator',
    ]) {
      assert.notInclude(text, hidden)
    }

    const pdf = await client.get(`/api/share/${link.token}/export/pdf`)
    pdf.assertStatus(200)
    const shared = await pdfText(pdf.body(), 'share')
    assert.include(shared, 'Zoë Ångström')
    assert.notInclude(shared, 'Budget is tight')
    assert.notInclude(shared, 'Confirmed')
  })

  test("a person's link exports their bookings only", async ({ client, assert }) => {
    const { zoe } = await fullProject()
    const link = await createShareLink('crew', zoe.id)
    const answer = await client.get(`/api/share/${link.token}/export/md`)
    const text = answer.text()
    assert.include(text, '# Zoë Ångström')
    assert.include(text, '| Fête de la Musique |')
    assert.notInclude(text, '+44')
    assert.notInclude(text, 'Private note')
  })

  test('revoked, expired and unknown links are refused as the page refuses them', async ({
    client,
  }) => {
    const project = await createProject('2030-01-01', '2030-01-02')
    const revoked = await createShareLink('project', project.id, { revokedAt: DateTime.now() })
    const expired = await createShareLink('project', project.id, {
      expiresAt: DateTime.now().minus({ minutes: 1 }),
    })
    const revokedAnswer = await client.get(`/api/share/${revoked.token}/export/pdf`)
    revokedAnswer.assertStatus(410)
    revokedAnswer.assertBody({ message: 'This share link has been revoked' })
    const expiredAnswer = await client.get(`/api/share/${expired.token}/export/md`)
    expiredAnswer.assertStatus(410)
    expiredAnswer.assertBody({ message: 'This share link has expired' })
    const unknown = await client.get(`/api/share/${'x'.repeat(43)}/export/md`)
    unknown.assertStatus(404)
    unknown.assertBody({ message: 'Share link not found' })
    await trash(project)
    const active = await createShareLink('project', project.id)
    const trashed = await client.get(`/api/share/${active.token}/export/md`)
    trashed.assertStatus(404)
  })
})
