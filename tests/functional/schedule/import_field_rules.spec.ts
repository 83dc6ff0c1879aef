import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import { runCommand } from '#tests/helpers/ace_commands'
import { backupNow, edited, rowsOf, withoutTimestamp } from '#tests/helpers/schedule_backup'
import { createCrew, createLocation } from '#tests/helpers/schedule_records'
import { schedulePerson } from '#tests/helpers/schedule_people'

/*
 * An import holds every row to the API's own field rules: a value the page
 * would refuse (a 100,000-character name, a template body over 1,600
 * characters) refuses the whole document, naming table, row and column, and
 * nothing is written: 422 on POST /api/admin/import, exit 1 from schedule:import.
 */
test.group('schedule import: every row by the API field rules', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function brokenBackup() {
    const admin = await schedulePerson('admin')
    const crew = await createCrew({ name: 'Ana' })
    const location = await createLocation({ name: 'Quay' })
    const { document } = await backupNow()
    const broken = edited(document, (copy) => {
      rowsOf(copy, 'crews').find((row) => row.id === crew.id)!.name = 'n'.repeat(100_000)
      rowsOf(copy, 'locations').find((row) => row.id === location.id)!.name = 'Two\nlines'
    })
    return { admin, crew, location, document, broken }
  }

  test('POST /api/admin/import: 422 naming table, row and column; nothing written', async ({
    client,
    assert,
  }) => {
    const { admin, crew, location, document, broken } = await brokenBackup()
    for (const dryRun of [true, false]) {
      const response = await client
        .post('/api/admin/import')
        .json({ data: broken, options: { dryRun } })
        .withSession(admin.session)
        .withCsrfToken()
      response.assertStatus(422)
      assert.isFalse(response.body().applied)
      const problems = response.body().problems as Record<string, string>[]
      assert.containsSubset(problems, [
        { table: 'crews', row: `id ${crew.id}`, column: 'name' },
        { table: 'locations', row: `id ${location.id}`, column: 'name' },
      ])
      assert.match(response.body().message, new RegExp(`crews \\(id ${crew.id}, name\\)`))
    }
    const after = await backupNow()
    assert.deepEqual(withoutTimestamp(after.document), withoutTimestamp(document))
  })

  test('schedule:import: exit 1 naming table, row and column; nothing written', async ({
    assert,
    cleanup,
  }) => {
    const { crew, document, broken } = await brokenBackup()
    const folder = await mkdtemp(join(tmpdir(), 'schedule-import-rules-'))
    cleanup(() => rm(folder, { recursive: true, force: true }))
    const file = join(folder, 'broken.json')
    await writeFile(file, JSON.stringify(broken))

    const result = await runCommand('schedule:import', [file, '--force'])
    assert.equal(result.exitCode, 1, result.output)
    assert.match(result.output, new RegExp(`crews / id ${crew.id} / name: `))
    assert.include(result.output, 'nothing was imported')
    const after = await backupNow()
    assert.deepEqual(withoutTimestamp(after.document), withoutTimestamp(document))
  })
})
