import { existsSync } from 'node:fs'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import { appUrl } from '#config/app'
import PublicUpload from '#models/transfer/public_upload'
import { DownloadLogs } from '#services/transfer/download_logs'
import { StaffShares } from '#services/transfer/staff_shares'
import { runCommand } from '#tests/helpers/ace_commands'
import { storedPath, storedUpload, transferPerson } from '#tests/helpers/stored_uploads'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

/** Three uploads: two finished (one shared), one still arriving. */
async function threeUploads() {
  const edit = await storedUpload('edit bytes', {
    fileName: 'edit.mov',
    uploaderName: 'Kim',
    uploaderEmail: 'kim@example.com',
  })
  const notes = await storedUpload('notes', { fileName: 'notes.pdf', uploaderName: 'Ola' })
  const half = await storedUpload('ha', { fileName: 'half.mov', status: 'uploading' })
  await new StaffShares().create(edit.id, {}, null, appUrl)
  return { edit, notes, half }
}

test.group('transfer upload commands', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('uploads:list shows the staff list, filtered, sorted and paged', async ({ assert }) => {
    const empty = await runCommand('transfer:uploads:list')
    assert.equal(empty.exitCode, 0)
    assert.include(empty.output, 'No uploads match')

    const { edit } = await threeUploads()
    const all = await runCommand('transfer:uploads:list')
    assert.equal(all.exitCode, 0, all.output)
    assert.match(
      all.output,
      new RegExp(`${edit.id}.*edit\\.mov.*10 bytes.*Kim <kim@example\\.com>.*complete.*1`)
    )
    assert.include(all.output, 'Page 1 of 1 (3 uploads)')

    const searched = await runCommand('transfer:uploads:list', ['--search=kim@'])
    assert.include(searched.output, 'edit.mov')
    assert.notInclude(searched.output, 'notes.pdf')

    const arriving = await runCommand('transfer:uploads:list', ['--status=uploading'])
    assert.include(arriving.output, 'half.mov')
    assert.notInclude(arriving.output, 'edit.mov')

    const paged = await runCommand('transfer:uploads:list', [
      '--sort=name',
      '--order=asc',
      '--per-page=2',
      '--page=2',
    ])
    assert.include(paged.output, 'notes.pdf')
    assert.notInclude(paged.output, 'edit.mov')
    assert.include(paged.output, 'Page 2 of 2 (3 uploads)')

    for (const wrong of ['--status=gone', '--per-page=500', '--sort=owner']) {
      const refused = await runCommand('transfer:uploads:list', [wrong])
      assert.equal(refused.exitCode, 1, wrong)
    }
  })

  test('uploads:list --json is GET /api/public-uploads', async ({ client, assert }) => {
    await threeUploads()
    const { session } = await transferPerson()
    const query = { search: 'mov', sort: 'size', order: 'asc' }
    const api = await client.get('/api/public-uploads').qs(query).withSession(session)
    api.assertStatus(200)
    const listed = await runCommand('transfer:uploads:list', [
      '--search=mov',
      '--sort=size',
      '--order=asc',
      '--json',
    ])
    assert.equal(listed.exitCode, 0)
    assert.deepEqual(JSON.parse(listed.output), api.body())
  })

  test('uploads:show gives every field, the shares and the download count', async ({ assert }) => {
    const { edit } = await threeUploads()
    await new DownloadLogs().record(
      { shareId: null, uploadId: edit.id, fileName: edit.fileName },
      { ip: '192.0.2.1', userAgent: null, userId: null }
    )
    const shown = await runCommand('transfer:uploads:show', [edit.id])
    assert.equal(shown.exitCode, 0, shown.output)
    for (const line of [/File\s+edit\.mov/, /Sender\s+Kim <kim@example\.com>/, /Downloads\s+1/]) {
      assert.match(shown.output, line)
    }
    assert.match(shown.output, /SHA-256\s+[0-9a-f]{64}/)
    assert.include(shown.output, `${appUrl}/s/`)

    const showJson = await runCommand('transfer:uploads:show', [edit.id, '--json'])
    const json = JSON.parse(showJson.output)
    assert.containsSubset(json, { id: edit.id, fileName: 'edit.mov', shareCount: 1 })
    assert.equal(json.downloadCount, 1)
    assert.lengthOf(json.shares, 1)
    assert.properties(json, ['deletesAt', 'keptByShare', 'sha256', 'backupStatus'])
    assert.equal(json.shares[0].uploadId, edit.id)

    for (const id of [UNKNOWN, 'nonsense']) {
      const missing = await runCommand('transfer:uploads:show', [id])
      assert.equal(missing.exitCode, 1)
      assert.include(missing.output, `No upload with id ${id}`)
    }
  })

  test('uploads:delete needs --force off a terminal, asks on one, refuses unknown ids', async ({
    assert,
  }) => {
    const { edit, notes } = await threeUploads()

    const refused = await runCommand('transfer:uploads:delete', [edit.id])
    assert.equal(refused.exitCode, 1)
    assert.include(refused.output, 'run it again with --force')
    assert.isNotNull(await PublicUpload.find(edit.id))

    const unknown = await runCommand('transfer:uploads:delete', [edit.id, UNKNOWN, '--force'])
    assert.equal(unknown.exitCode, 1)
    assert.include(unknown.output, `No upload with id ${UNKNOWN}: nothing deleted`)
    assert.isNotNull(await PublicUpload.find(edit.id))

    ace.prompt.trap('Delete notes.pdf for good?').reject()
    const kept = await runCommand('transfer:uploads:delete', [notes.id])
    assert.equal(kept.exitCode, 1)
    assert.isNotNull(await PublicUpload.find(notes.id))

    const deleted = await runCommand('transfer:uploads:delete', [edit.id, '--force'])
    assert.equal(deleted.exitCode, 0, deleted.output)
    assert.include(deleted.output, 'Deleted edit.mov')
    assert.isNull(await PublicUpload.find(edit.id))
    assert.isFalse(existsSync(storedPath(edit)))
  })

  test('uploads:delete by filter: --dry-run lists and keeps, then a bulk delete', async ({
    assert,
  }) => {
    const { edit, notes, half } = await threeUploads()

    const preview = await runCommand('transfer:uploads:delete', ['--search=.mov', '--dry-run'])
    assert.equal(preview.exitCode, 0, preview.output)
    assert.include(preview.output, 'edit.mov')
    assert.include(preview.output, 'half.mov')
    assert.notInclude(preview.output, 'notes.pdf')
    assert.include(preview.output, 'Would delete 2 uploads')
    assert.include(preview.output, '1 share link stops working')
    assert.lengthOf(await PublicUpload.all(), 3)

    ace.prompt.trap('Delete 2 uploads (12 bytes) for good; 1 share link stops working?').accept()
    const bulk = await runCommand('transfer:uploads:delete', ['--search=.mov'])
    assert.equal(bulk.exitCode, 0, bulk.output)
    assert.include(bulk.output, 'Deleting uploads: 2 of 2 (100%)')
    assert.isNull(await PublicUpload.find(edit.id))
    assert.isNull(await PublicUpload.find(half.id))
    assert.isNotNull(await PublicUpload.find(notes.id))

    const none = await runCommand('transfer:uploads:delete', ['--status=uploading', '--force'])
    assert.equal(none.exitCode, 0)
    assert.include(none.output, 'nothing to delete')

    const neither = await runCommand('transfer:uploads:delete', [])
    assert.equal(neither.exitCode, 2)
    const both = await runCommand('transfer:uploads:delete', [notes.id, '--status=complete'])
    assert.equal(both.exitCode, 2)
    const badFilter = await runCommand('transfer:uploads:delete', ['--status=gone', '--force'])
    assert.equal(badFilter.exitCode, 1)
    assert.isNotNull(await PublicUpload.find(notes.id))
  })
})
