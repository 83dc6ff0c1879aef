import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import Crew from '#models/schedule/crew'
import { backupFileName, checksumOf } from '#services/schedule/backup/backup_format'
import { runCommand } from '#tests/helpers/ace_commands'
import { createCrew } from '#tests/helpers/schedule_records'
import { backupNow, fillWithDemo, rowsOf, withoutTimestamp } from '#tests/helpers/schedule_backup'

const DAY_MS = 24 * 60 * 60 * 1000

test.group('schedule:backup and schedule:import', (group) => {
  let folder: string
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // The demo company takes seconds to make, more on a busy machine.
  group.each.timeout(90_000)
  group.each.setup(async () => {
    folder = await mkdtemp(join(tmpdir(), 'schedule-backup-test-'))
    return () => rm(folder, { recursive: true, force: true })
  })

  test('schedule:backup --out writes the document the route sends, with progress', async ({
    assert,
  }) => {
    await fillWithDemo()
    const out = join(folder, 'nested', 'backup.json')
    const result = await runCommand('schedule:backup', [`--out=${out}`])
    assert.equal(result.exitCode, 0, result.output)
    assert.include(result.output, 'crews: 40 row(s)')
    assert.match(result.output, /Wrote .*backup\.json \(\d+ rows in \d+ tables, [\d.]+ [kM]B\)/)

    const document = JSON.parse(await readFile(out, 'utf8'))
    assert.equal(document.checksum, checksumOf(document))
    const now = await backupNow()
    assert.deepEqual(withoutTimestamp(document), withoutTimestamp(now.document))
    assert.deepEqual(await readdir(join(folder, 'nested')), ['backup.json'])
  })

  test('schedule:backup --dir --keep-days prunes only its own older files', async ({ assert }) => {
    const now = Date.now()
    const old = backupFileName(new Date(now - 91 * DAY_MS))
    const recent = backupFileName(new Date(now - 89 * DAY_MS))
    const others = ['notes.json', 'schedule-backup-old.json', `${old}.bak`]
    for (const name of [old, recent, ...others]) {
      await writeFile(join(folder, name), '{}')
    }
    const result = await runCommand('schedule:backup', [`--dir=${folder}`, '--keep-days=90'])
    assert.equal(result.exitCode, 0, result.output)
    assert.include(result.output, `Removed ${old}`)

    const left = await readdir(folder)
    assert.notInclude(left, old)
    assert.includeMembers(left, [recent, ...others])
    const written = left.filter((name) => ![recent, ...others].includes(name))
    assert.lengthOf(written, 1)
    assert.match(written[0], /^schedule-backup-\d{4}-\d{2}-\d{2}T\d{6}Z\.json$/)
    const document = JSON.parse(await readFile(join(folder, written[0]), 'utf8'))
    assert.equal(document.formatVersion, 2)

    const refused = await runCommand('schedule:backup', ['--keep-days=90'])
    assert.equal(refused.exitCode, 1)
    assert.include(refused.output, '--keep-days needs --dir')
  })

  test('schedule:import --dry-run says what would change and changes nothing; then imports', async ({
    assert,
  }) => {
    await fillWithDemo()
    const file = join(folder, 'backup.json')
    const backedUp = await runCommand('schedule:backup', [`--out=${file}`])
    assert.equal(backedUp.exitCode, 0, backedUp.output)
    const first = JSON.parse(await readFile(file, 'utf8'))
    await createCrew({ name: 'Added After The Backup' })

    const dryRun = await runCommand('schedule:import', [file, '--dry-run'])
    assert.equal(dryRun.exitCode, 0, dryRun.output)
    assert.include(dryRun.output, 'Format version 2')
    assert.match(dryRun.output, /^crews\|0\|0\|40\|1$/m)
    assert.include(dryRun.output, 'nothing was changed')
    assert.isNotNull(await Crew.findBy('name', 'Added After The Backup'))

    const imported = await runCommand('schedule:import', [file, '--force'])
    assert.equal(imported.exitCode, 0, imported.output)
    assert.include(imported.output, 'Restored crews: 40 row(s)')
    assert.isNull(await Crew.findBy('name', 'Added After The Backup'))
    const after = await backupNow()
    assert.deepEqual(withoutTimestamp(after.document), withoutTimestamp(first))
  })

  test('schedule:import refuses a changed file and lists the problem', async ({ assert }) => {
    await createCrew({ name: 'Ana' })
    const { document } = await backupNow()
    rowsOf(document, 'crews')[0].name = 'Someone Else'
    const file = join(folder, 'changed.json')
    await writeFile(file, JSON.stringify(document))

    const result = await runCommand('schedule:import', [file, '--force'])
    assert.equal(result.exitCode, 1)
    assert.include(result.output, 'The checksum does not match the content')
    assert.include(result.output, 'nothing was imported')
    assert.isNotNull(await Crew.findBy('name', 'Ana'))

    await writeFile(file, '{ not json')
    const notJson = await runCommand('schedule:import', [file, '--dry-run'])
    assert.equal(notJson.exitCode, 1)
    assert.include(notJson.output, 'cannot be read as JSON')
  })
})
