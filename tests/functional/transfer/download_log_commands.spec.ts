import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { appUrl } from '#config/app'
import { DownloadLogs } from '#services/transfer/download_logs'
import { StaffShares } from '#services/transfer/staff_shares'
import { runCommand } from '#tests/helpers/ace_commands'
import { storedUpload, transferPerson } from '#tests/helpers/stored_uploads'

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0'

/**
 * Three downloads a minute apart: two of a shared file (one by a recipient
 * whose browser calls itself "=cmd", one by staff), one of another file.
 */
async function threeDownloads() {
  const cut = await storedUpload('bytes', { fileName: 'cut.mov' })
  const notes = await storedUpload('bytes', { fileName: 'notes.pdf' })
  const share = await new StaffShares().create(cut.id, {}, null, appUrl)
  const { user } = await transferPerson('staff', 'ana@example.com')
  const logs = new DownloadLogs()
  await logs.record(
    { shareId: share.id, uploadId: cut.id, fileName: cut.fileName },
    { ip: '192.0.2.1', userAgent: '=cmd', userId: null }
  )
  await logs.record(
    { shareId: share.id, uploadId: cut.id, fileName: cut.fileName },
    { ip: '192.0.2.2', userAgent: FIREFOX_LINUX, userId: user.id }
  )
  await logs.record(
    { shareId: null, uploadId: notes.id, fileName: notes.fileName },
    { ip: '192.0.2.3', userAgent: null, userId: null }
  )
  const rows = await db.from('download_logs').orderBy('ip', 'asc')
  for (const [index, row] of rows.entries()) {
    await db
      .from('download_logs')
      .where('id', row.id)
      .update({ created_at: new Date(Date.UTC(2026, 0, 1, 12, index)) })
  }
  const { session } = await transferPerson()
  return { cut, notes, share, session }
}

test.group('transfer download log commands', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('download-log:list shows the log newest first, filtered and paged', async ({ assert }) => {
    const empty = await runCommand('transfer:download-log:list')
    assert.equal(empty.exitCode, 0)
    assert.include(empty.output, 'No downloads logged')

    const { share, notes } = await threeDownloads()
    const all = await runCommand('transfer:download-log:list')
    assert.equal(all.exitCode, 0, all.output)
    assert.match(all.output, /2026-01-01 12:02.*notes\.pdf.*staff.*192\.0\.2\.3/)
    assert.match(all.output, /2026-01-01 12:01.*cut\.mov.*ana@example\.com.*Firefox 120\.0.*Linux/)
    assert.isBelow(all.output.indexOf('notes.pdf'), all.output.indexOf('cut.mov'))
    assert.include(all.output, 'Page 1 of 1 (3 downloads)')

    const ofShare = await runCommand('transfer:download-log:list', [`--share-id=${share.id}`])
    assert.notInclude(ofShare.output, 'notes.pdf')
    assert.include(ofShare.output, '(2 downloads)')
    const ofUpload = await runCommand('transfer:download-log:list', [`--upload-id=${notes.id}`])
    assert.include(ofUpload.output, '(1 downloads)')

    const paged = await runCommand('transfer:download-log:list', ['--per-page=2', '--page=2'])
    assert.include(paged.output, '192.0.2.1')
    assert.notInclude(paged.output, '192.0.2.3')
    assert.include(paged.output, 'Page 2 of 2')

    for (const wrong of ['--share-id=nonsense', '--per-page=1000', '--page=0']) {
      const refused = await runCommand('transfer:download-log:list', [wrong])
      assert.equal(refused.exitCode, 1, wrong)
    }
  })

  test('download-log:list --json is GET /api/download-logs', async ({ client, assert }) => {
    const { share, session } = await threeDownloads()
    const api = await client
      .get('/api/download-logs')
      .qs({ shareId: share.id, perPage: 1 })
      .withSession(session)
    api.assertStatus(200)
    const listed = await runCommand('transfer:download-log:list', [
      `--share-id=${share.id}`,
      '--per-page=1',
      '--json',
    ])
    assert.equal(listed.exitCode, 0)
    assert.deepEqual(JSON.parse(listed.output), api.body())
  })

  test('--csv prints and --out writes the export of GET /api/download-logs/export', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { share, session } = await threeDownloads()
    const api = await client.get('/api/download-logs/export').withSession(session)
    api.assertStatus(200)
    const csv = api.text()
    assert.include(csv, "'=cmd")

    const printed = await runCommand('transfer:download-log:list', ['--csv'])
    assert.equal(printed.exitCode, 0)
    assert.equal(`${printed.output}\n`, csv)

    const directory = await mkdtemp(join(tmpdir(), 'download-log-'))
    cleanup(() => rm(directory, { recursive: true, force: true }))
    const file = join(directory, 'log.csv')
    const written = await runCommand('transfer:download-log:list', [`--out=${file}`])
    assert.equal(written.exitCode, 0, written.output)
    assert.include(written.output, 'Exporting downloads: 3 of 3 (100%)')
    assert.include(written.output, `Wrote 3 download(s) to ${file}`)
    assert.equal(await readFile(file, 'utf8'), csv)

    const apiOfShare = await client
      .get('/api/download-logs/export')
      .qs({ shareId: share.id })
      .withSession(session)
    const ofShare = await runCommand('transfer:download-log:list', [
      '--csv',
      `--share-id=${share.id}`,
    ])
    assert.equal(`${ofShare.output}\n`, apiOfShare.text())

    const usage = [
      ['--csv', '--json'],
      ['--csv', '--page=2'],
      ['--out=x.csv', '--per-page=5'],
    ]
    for (const argv of usage) {
      const { exitCode } = await runCommand('transfer:download-log:list', argv)
      assert.equal(exitCode, 2)
    }
    const unwritable = await runCommand('transfer:download-log:list', [
      `--out=${join(directory, 'missing', 'log.csv')}`,
    ])
    assert.equal(unwritable.exitCode, 1)
    assert.include(unwritable.output, 'Cannot write')
  })
})
