import { mkdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import { parse } from 'csv-parse/sync'
import { runCommand } from '#tests/helpers/ace_commands'
import { EXPORT_ARTEFACTS, pdfPages, xlsxSheet } from '#tests/helpers/export_files'
import { createCrew, createProject } from '#tests/helpers/schedule_records'

const folder = join(EXPORT_ARTEFACTS, 'command')

test.group('schedule:export', (group) => {
  group.setup(async () => {
    ace.ui.switchMode('raw')
    await mkdir(folder, { recursive: true })
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('writes the projects of a range to a file and prints its progress', async ({ assert }) => {
    for (let day = 1; day <= 30; day += 1) {
      const date = `2030-04-${String(day).padStart(2, '0')}`
      await createProject(date, date, { name: `Día ${day}` })
    }
    await createProject('2030-05-01', '2030-05-01', { name: 'May day' })
    const out = join(folder, 'april.xlsx')
    await rm(out, { force: true })

    const { exitCode, output } = await runCommand('schedule:export', [
      'projects',
      '--format=xlsx',
      '--from=2030-04-01',
      '--to=2030-04-30',
      `--out=${out}`,
    ])
    assert.equal(exitCode, 0, output)
    assert.include(output, 'Written: 30 of 30 (100%)')
    assert.include(output, `Wrote 30 items to ${out}`)
    const sheet = await xlsxSheet(await readFile(out))
    assert.equal(sheet.rowCount, 31)
    assert.equal(sheet.getRow(2).getCell(2).value, 'Día 1')
  })

  test('crew as CSV by default; one item with --id as PDF', async ({ assert }) => {
    const zoe = await createCrew({ name: 'Zoë Ångström' })
    const csvFile = join(folder, 'crew.csv')
    const csv = await runCommand('schedule:export', ['crew', `--out=${csvFile}`])
    assert.equal(csv.exitCode, 0, csv.output)
    assert.include(csv.output, 'Written: 1 of 1 (100%)')
    const rows: Record<string, string>[] = parse(await readFile(csvFile, 'utf8'), {
      bom: true,
      columns: true,
    })
    assert.deepEqual(
      rows.map((row) => row.Name),
      ['Zoë Ångström']
    )

    const pdfFile = join(folder, 'zoe.pdf')
    const pdf = await runCommand('schedule:export', ['crew', `--id=${zoe.id}`, `--out=${pdfFile}`])
    assert.equal(pdf.exitCode, 0, pdf.output)
    const pages = await pdfPages(await readFile(pdfFile), 'command-zoe')
    assert.include(pages[0], 'Zoë Ångström')
  })

  test('refuses an unknown kind, a bad format, a bad range and a missing item', async ({
    assert,
  }) => {
    const kind = await runCommand('schedule:export', ['secrets'])
    assert.equal(kind.exitCode, 1)
    assert.include(kind.output, 'Unknown kind "secrets"')
    const format = await runCommand('schedule:export', ['crew', '--format=docx'])
    assert.equal(format.exitCode, 1)
    assert.include(format.output, 'Unknown format "docx"')
    const range = await runCommand('schedule:export', [
      'projects',
      '--from=2030-05-01',
      '--to=2030-04-01',
    ])
    assert.equal(range.exitCode, 1)
    assert.include(range.output, 'The to field must not be before from')
    const notANumber = await runCommand('schedule:export', ['vendor', '--id=0'])
    assert.equal(notANumber.exitCode, 1)
    assert.include(notANumber.output, '--id is the item’s number')
    const missing = await runCommand('schedule:export', ['project', '--id=999999'])
    assert.equal(missing.exitCode, 1)
    assert.include(missing.output, 'Project not found')
  })
})
