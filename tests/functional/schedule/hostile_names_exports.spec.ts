import { execFile } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import AppSetting from '#models/schedule/app_setting'
import AssignmentDayNote from '#models/schedule/assignment_day_note'
import CalendarFeed from '#models/schedule/calendar_feed'
import CallSheetConfig from '#models/schedule/call_sheet_config'
import CallSheetContact from '#models/schedule/call_sheet_contact'
import CallSheetDayOverride from '#models/schedule/call_sheet_day_override'
import Client from '#models/schedule/client'
import Crew from '#models/schedule/crew'
import Location from '#models/schedule/location'
import Project from '#models/schedule/project'
import ProjectCrew from '#models/schedule/project_crew'
import ProjectDayInfo from '#models/schedule/project_day_info'
import ProjectVendor from '#models/schedule/project_vendor'
import PublicShareLink from '#models/schedule/public_share_link'
import Vendor from '#models/schedule/vendor'
import { AppProcess } from '#tests/helpers/app_process'
import { zipEntries } from '#tests/helpers/export_files'

/*
 * Names nobody types on purpose, written straight into the database (the
 * API's rules may refuse some of them; data imported or saved before those
 * rules still holds them). Every download of schedule must print them, or
 * at worst refuse them, without taking the server down for everybody: the
 * server is a process of its own, and it must still answer afterwards.
 */
const HOSTILE_NAMES = {
  'line breaks': 'Night\r\nshoot\n\n\n\nat the\rdocks\n'.repeat(12),
  'tabs and controls': 'Tab\there\t\t\tand\u0007bell\u000bvertical\u001fend',
  'RTL marks': 'Fête \u202Egpj.exe\u202C and \u200Fשלום\u200F mark',
  '10,000 characters': 'Ü'.repeat(4_000) + ' long '.repeat(1_000),
  'emoji': '🎬 Shoot 👩‍👩‍👧‍👦 crew 🇳🇴 🎥'.repeat(20),
  'everything at once': `\u202E🎬\r\n\t${'x'.repeat(10_000)}\n\n\u200F🎥\n`.repeat(2),
}

const DAY = '2030-04-01'
const CONNECTION = 'hostile_names_server'
const run = promisify(execFile)

/** The text pdftotext reads from a PDF: it fails on anything that is not a readable PDF. */
async function pdfText(pdf: Buffer) {
  const folder = await mkdtemp(join(tmpdir(), 'hostile-pdf-'))
  try {
    const file = join(folder, 'file.pdf')
    await writeFile(file, pdf)
    const { stdout } = await run('pdftotext', [file, '-'], { maxBuffer: 64 * 1024 * 1024 })
    return stdout
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/** Checks that `body` is a readable document of the type its route answers. */
async function assertReadable(type: string, body: Buffer) {
  if (type.startsWith('application/pdf')) {
    await pdfText(body)
  } else if (type.startsWith('text/csv')) {
    parse(body, { bom: true })
  } else if (type.startsWith('application/json')) {
    JSON.parse(body.toString('utf8'))
  } else if (type.startsWith('application/zip')) {
    await zipEntries(body)
  } else if (type.startsWith('application/vnd.openxmlformats')) {
    await new ExcelJS.Workbook().xlsx.load(body as never)
  } else if (type.startsWith('text/calendar')) {
    if (!body.toString('utf8').startsWith('BEGIN:VCALENDAR')) {
      throw new Error('not an iCalendar file')
    }
  } else if (!type.startsWith('text/markdown')) {
    throw new Error(`unexpected content type ${type}`)
  }
}

/** One record of everything a download prints, all in the server's own database. */
async function seed() {
  const options = { connection: CONNECTION }
  const location = await Location.create({ name: 'Dock', address: 'Quay 1' }, options)
  const client = await Client.create({ name: 'Client' }, options)
  const project = await Project.create(
    {
      name: 'Project',
      startDate: DAY,
      endDate: '2030-04-02',
      clientId: client.id,
      locationId: location.id,
      notes: 'Notes',
    },
    options
  )
  const crew = await Crew.create({ name: 'Crew' }, options)
  const vendor = await Vendor.create({ name: 'Vendor' }, options)
  const booking = await ProjectCrew.create(
    { projectId: project.id, crewId: crew.id, notes: 'Booking' },
    options
  )
  await ProjectVendor.create({ projectId: project.id, vendorId: vendor.id }, options)
  await AssignmentDayNote.create(
    { projectId: project.id, projectCrewId: booking.id, date: DAY, note: 'Note' },
    options
  )
  await ProjectDayInfo.create(
    { projectId: project.id, date: DAY, title: 'Day', notes: 'Day notes', locationId: location.id },
    options
  )
  await CallSheetConfig.create(
    {
      projectId: project.id,
      companyName: 'Company',
      emergencyInfo: 'Emergency',
      publicCrewIds: [crew.id],
      publicVendorIds: [vendor.id],
    },
    options
  )
  await CallSheetDayOverride.create(
    { projectId: project.id, date: DAY, weatherNote: 'Weather', parking: 'Parking' },
    options
  )
  await CallSheetContact.create(
    { projectId: project.id, role: 'Producer', name: 'Contact', isPublic: true },
    options
  )
  const links = {} as Record<'project' | 'crew' | 'vendor', string>
  for (const [resourceType, resourceId] of [
    ['project', project.id],
    ['crew', crew.id],
    ['vendor', vendor.id],
  ] as const) {
    links[resourceType] = randomBytes(32).toString('base64url')
    await PublicShareLink.create(
      { token: links[resourceType], resourceType, resourceId, label: 'Label' },
      options
    )
  }
  const feeds = {} as Record<'crew' | 'vendor', string>
  for (const [resourceType, resourceId] of [
    ['crew', crew.id],
    ['vendor', vendor.id],
  ] as const) {
    feeds[resourceType] = randomBytes(32).toString('base64url')
    await CalendarFeed.create(
      {
        resourceType,
        resourceId,
        tokenHash: createHash('sha256').update(feeds[resourceType]).digest('hex'),
        fetchCount: 0,
      },
      options
    )
  }
  return { project, crew, vendor, location, links, feeds }
}

/** Every free-text column the downloads print gets `name`. */
async function nameEverything(name: string) {
  const connection = db.connection(CONNECTION)
  for (const table of ['projects', 'crews', 'vendors', 'locations', 'clients']) {
    await connection.from(table).update({ name })
  }
  await connection.from('projects').update({ notes: name })
  await connection.from('locations').update({ address: name })
  await connection.from('project_crew').update({ notes: name })
  await connection.from('assignment_day_notes').update({ note: name })
  await connection.from('project_day_info').update({ title: name, notes: name })
  await connection.from('call_sheet_config').update({ company_name: name, emergency_info: name })
  await connection
    .from('call_sheet_day_overrides')
    .update({ weather_note: name, parking: name, safety_notes: name, nearest_hospital: name })
  await connection.from('call_sheet_contacts').update({ name, role: name })
  await connection.from('public_share_links').update({ label: name })
  await AppSetting.updateOrCreate(
    { key: 'company_name' },
    { value: name },
    { connection: CONNECTION }
  )
}

test.group('Schedule downloads with hostile names', (group) => {
  let server: AppProcess
  let records: Awaited<ReturnType<typeof seed>>

  group.setup(async () => {
    server = await new AppProcess('schedule', 'hostile_names', {
      DEV_BYPASS_EMAIL: 'hostile.names@example.com',
    }).prepare()
    db.manager.add(CONNECTION, {
      client: 'pg',
      connection: { connectionString: server.databaseUrl },
      pool: { min: 0, max: 2 },
    })
    records = await seed()
    await server.start()
    return async () => {
      await server.cleanup()
      await db.manager.close(CONNECTION)
      db.manager.release(CONNECTION)
    }
  })

  /** Every route that prints a document: staff (the development sign-in) and share links. */
  function downloads() {
    const { project, crew, vendor, location, links, feeds } = records
    const staff = [
      ...['projects', 'crew', 'vendors', 'locations', 'clients', 'rosters'].flatMap((kind) =>
        ['csv', 'xlsx', 'json', 'zip', 'pdf'].map((format) => `/api/exports/${kind}.${format}`)
      ),
      ...['md', 'pdf'].flatMap((format) => [
        `/api/projects/${project.id}/export/${format}`,
        `/api/crew/${crew.id}/export/${format}`,
        `/api/vendors/${vendor.id}/export/${format}`,
        `/api/locations/${location.id}/export/${format}`,
      ]),
      `/api/projects/${project.id}/call-sheets/${DAY}`,
      `/api/projects/${project.id}/call-sheets/${DAY}/pdf`,
      `/api/projects/${project.id}/call-sheets/pdf`,
    ]
    const shared = [
      ...Object.values(links).flatMap((token) =>
        ['md', 'pdf'].map((format) => `/api/share/${token}/export/${format}`)
      ),
      `/api/share/${links.project}`,
      `/api/share/${links.project}/call-sheets/${DAY}`,
      `/api/share/${links.project}/call-sheets/${DAY}/pdf`,
      ...Object.values(feeds).map((token) => `/ical/${token}.ics`),
    ]
    return [...staff, ...shared]
  }

  for (const [kind, name] of Object.entries(HOSTILE_NAMES)) {
    test(`${kind}: every export, call sheet and feed prints, and the server still answers`, async ({
      assert,
    }) => {
      await nameEverything(name)
      const failures: string[] = []
      for (const path of downloads()) {
        const response = await fetch(`${server.url}${path}`, {
          headers: { accept: 'application/json' },
        }).catch((error: Error) => error)
        if (response instanceof Error) {
          failures.push(`${path}: no answer (${response.message})`)
          continue
        }
        const body = Buffer.from(await response.arrayBuffer())
        if (response.status !== 200) {
          failures.push(`${path}: ${response.status} ${body.toString('utf8').slice(0, 200)}`)
          continue
        }
        const type = response.headers.get('content-type') ?? ''
        await assertReadable(type, body).catch((error: Error) =>
          failures.push(`${path}: unreadable ${type} (${error.message})`)
        )
      }
      assert.deepEqual(failures, [], server.output.slice(-4000))

      const after = await fetch(`${server.url}/api/projects`, {
        headers: { accept: 'application/json' },
      })
      assert.equal(after.status, 200)
    }).timeout(240_000)
  }
})
