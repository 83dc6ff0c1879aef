import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { describeClient } from '#services/transfer/download_logs'
import { StaffShares } from '#services/transfer/staff_shares'
import { storedUpload, transferPerson } from '#tests/helpers/stored_uploads'

/** RFC 4180 as csv-stringify writes it: quoted fields, doubled quotes, \n between rows. */
function parse(csv: string) {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let index = 0; index < csv.length; index++) {
    const character = csv[index]
    if (quoted) {
      if (character === '"' && csv[index + 1] === '"') {
        field += '"'
        index++
      } else if (character === '"') {
        quoted = false
      } else {
        field += character
      }
    } else if (character === '"') {
      quoted = true
    } else if (character === ',') {
      row.push(field)
      field = ''
    } else if (character === '\n') {
      rows.push([...row, field])
      row = []
      field = ''
    } else {
      field += character
    }
  }
  return rows
}

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'
const SAFARI_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1'

/** Downloads through a share as a recipient would; the log rows get a minute apart each. */
async function downloadsThrough(
  client: any,
  token: string,
  visits: { userAgent: string; ip: string }[]
) {
  for (const visit of visits) {
    const response = await client
      .post(`/api/share/${token}/download`)
      .json({})
      .header('user-agent', visit.userAgent)
      .header('x-forwarded-for', visit.ip)
      .withCsrfToken()
    response.assertStatus(200)
  }
}

/** Spreads the log over distinct minutes, oldest first, so "newest first" is well defined. */
async function spreadLogTimes() {
  const rows = await db.from('download_logs').orderBy('created_at', 'asc').orderBy('id', 'asc')
  for (const [index, row] of rows.entries()) {
    await db
      .from('download_logs')
      .where('id', row.id)
      .update({ created_at: new Date(Date.UTC(2026, 0, 1, 12, index)) })
  }
}

test.group('client descriptions from the User-Agent', () => {
  test('browser, OS and device type', ({ assert }) => {
    assert.deepEqual(describeClient(CHROME_WINDOWS), {
      browser: 'Chrome 120.0.0.0',
      os: 'Windows 10',
      deviceType: 'desktop',
    })
    assert.deepEqual(describeClient(SAFARI_IPAD), {
      browser: 'Mobile Safari 16.0',
      os: 'iOS 16.0',
      deviceType: 'tablet',
    })
    assert.deepEqual(describeClient('curl/8.5.0'), { browser: null, os: null, deviceType: 'other' })
    assert.deepEqual(describeClient(null), { browser: null, os: null, deviceType: 'other' })
  })
})

test.group('GET /api/download-logs', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('newest first, with the parsed client, filtered by share or upload, paged', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson()
    const first = await storedUpload('a', { fileName: 'first.mov' })
    const second = await storedUpload('b', { fileName: 'second.mov' })
    const shares = new StaffShares()
    const firstShare = await shares.create(first.id, {}, null, 'http://x')
    const secondShare = await shares.create(second.id, {}, null, 'http://x')
    await downloadsThrough(client, firstShare.token, [
      { userAgent: CHROME_WINDOWS, ip: '203.0.113.1' },
      { userAgent: SAFARI_IPAD, ip: '203.0.113.2' },
    ])
    await downloadsThrough(client, secondShare.token, [
      { userAgent: 'curl/8.5.0', ip: '2001:db8::1' },
    ])
    await spreadLogTimes()

    const all = await client.get('/api/download-logs').withSession(session)
    all.assertStatus(200)
    assert.deepEqual(all.body().meta, { total: 3, page: 1, perPage: 50, lastPage: 1 })
    const [newest, middle, oldest] = all.body().data
    assert.containsSubset(newest, {
      shareId: secondShare.id,
      uploadId: second.id,
      fileName: 'second.mov',
      ip: '2001:db8::1',
      deviceType: 'other',
      userAgent: 'curl/8.5.0',
      downloadedBy: null,
      downloadedAt: '2026-01-01T12:02:00.000Z',
    })
    assert.containsSubset(middle, { browser: 'Mobile Safari 16.0', deviceType: 'tablet' })
    assert.containsSubset(oldest, {
      ip: '203.0.113.1',
      browser: 'Chrome 120.0.0.0',
      os: 'Windows 10',
      deviceType: 'desktop',
    })

    const byShare = await client
      .get('/api/download-logs')
      .qs({ shareId: firstShare.id })
      .withSession(session)
    assert.lengthOf(byShare.body().data, 2)
    const byUpload = await client
      .get('/api/download-logs')
      .qs({ uploadId: second.id })
      .withSession(session)
    assert.deepEqual(
      byUpload.body().data.map((log: any) => log.fileName),
      ['second.mov']
    )
    const paged = await client
      .get('/api/download-logs')
      .qs({ page: 2, perPage: 2 })
      .withSession(session)
    assert.deepEqual(paged.body().meta, { total: 3, page: 2, perPage: 2, lastPage: 2 })
    assert.equal(paged.body().data[0].ip, '203.0.113.1')
  })

  test('staff downloads name the staff member', async ({ client, assert }) => {
    const { user, session } = await transferPerson('staff', 'grip@example.com')
    const upload = await storedUpload('x')
    await client.get(`/api/public-uploads/${upload.id}/download`).withSession(session).redirects(0)
    const response = await client.get('/api/download-logs').withSession(session)
    assert.deepEqual(response.body().data[0].downloadedBy, {
      id: user.id,
      email: 'grip@example.com',
      displayName: 'grip',
    })
  })
})

test.group('GET /api/download-logs/export', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a CSV attachment of the log, newest first, filtered like the list', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson()
    const upload = await storedUpload('a', { fileName: 'cut, "final".mov' })
    const share = await new StaffShares().create(upload.id, {}, null, 'http://x')
    await downloadsThrough(client, share.token, [
      { userAgent: CHROME_WINDOWS, ip: '203.0.113.1' },
      { userAgent: SAFARI_IPAD, ip: '203.0.113.2' },
    ])
    await spreadLogTimes()

    const response = await client.get('/api/download-logs/export').withSession(session)
    response.assertStatus(200)
    assert.match(response.header('content-type')!, /^text\/csv/)
    assert.equal(response.header('content-disposition'), 'attachment; filename="download-logs.csv"')
    const rows: string[][] = parse(response.text())
    assert.deepEqual(rows[0], [
      'Downloaded at (UTC)',
      'File',
      'Share',
      'Upload',
      'Downloaded by (staff)',
      'IP address',
      'Browser',
      'Operating system',
      'Device',
      'User agent',
    ])
    assert.deepEqual(rows.slice(1), [
      [
        '2026-01-01T12:01:00.000Z',
        'cut, "final".mov',
        share.id,
        upload.id,
        '',
        '203.0.113.2',
        'Mobile Safari 16.0',
        'iOS 16.0',
        'tablet',
        SAFARI_IPAD,
      ],
      [
        '2026-01-01T12:00:00.000Z',
        'cut, "final".mov',
        share.id,
        upload.id,
        '',
        '203.0.113.1',
        'Chrome 120.0.0.0',
        'Windows 10',
        'desktop',
        CHROME_WINDOWS,
      ],
    ])

    const filtered = await client
      .get('/api/download-logs/export')
      .qs({ shareId: '00000000-0000-4000-8000-000000000000' })
      .withSession(session)
    assert.lengthOf(parse(filtered.text()), 1, 'only the header')
  })

  test('cells a spreadsheet would run as formulas are kept as text', async ({ client, assert }) => {
    const { session } = await transferPerson()
    const upload = await storedUpload('a', { fileName: '=HYPERLINK("http://evil.example","x")' })
    const share = await new StaffShares().create(upload.id, {}, null, 'http://x')
    await downloadsThrough(client, share.token, [
      { userAgent: '+cmd|calc', ip: '203.0.113.1' },
      { userAgent: '-2+3', ip: '203.0.113.2' },
      { userAgent: '@SUM(A1)', ip: '203.0.113.3' },
    ])
    await spreadLogTimes()

    const response = await client.get('/api/download-logs/export').withSession(session)
    const rows: string[][] = parse(response.text())
    for (const row of rows.slice(1)) {
      assert.equal(row[1], `'=HYPERLINK("http://evil.example","x")`)
    }
    assert.deepEqual(
      rows.slice(1).map((row) => row[9]),
      [`'@SUM(A1)`, `'-2+3`, `'+cmd|calc`]
    )
  })

  test('a log longer than one read batch comes out whole, in order', async ({ client, assert }) => {
    const { session } = await transferPerson()
    const upload = await storedUpload('a')
    await db.table('download_logs').multiInsert(
      Array.from({ length: 1201 }, (_, index) => ({
        upload_id: upload.id,
        file_name: `file-${index}`,
        ip: '203.0.113.1',
        device_type: 'desktop',
        // Microseconds apart: the export's cursor must not lose them.
        created_at: `2026-01-01T00:00:00.${String(index).padStart(6, '0')}Z`,
      }))
    )
    const response = await client.get('/api/download-logs/export').withSession(session)
    const rows: string[][] = parse(response.text())
    assert.lengthOf(rows, 1202)
    assert.equal(rows[1][1], 'file-1200')
    assert.equal(rows[1201][1], 'file-0')
    assert.lengthOf(new Set(rows.slice(1).map((row) => row[1])), 1201)
  })
})
