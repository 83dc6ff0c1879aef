import { randomBytes } from 'node:crypto'
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { callFromPage, signInToSchedule, toastMessage } from '#tests/helpers/schedule_browser'

type CrewMember = { id: number; name: string }

/**
 * Administration's backup section in Chromium against the real stack: a
 * backup downloaded, a change made, the file checked (the summary names the
 * change), then imported after the confirmation, which undoes the change.
 */
test.group('schedule backup and import in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
  })

  test('download a backup, check it, read the summary, confirm the import', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    await page.getByRole('link', { name: 'Admin' }).click()
    await page.getByRole('heading', { name: 'Backup and import' }).waitFor()

    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download a backup' }).click()
    const download = await downloading
    assert.match(download.suggestedFilename(), /^schedule-backup-\d{4}-\d{2}-\d{2}T\d{6}Z\.json$/)
    const folder = app.makePath('tmp', 'browser-backup')
    await mkdir(folder, { recursive: true })
    const file = join(folder, download.suggestedFilename())
    await download.saveAs(file)
    const document = JSON.parse(await readFile(file, 'utf8'))
    assert.equal(document.formatVersion, 2)

    // A change after the backup, which the import takes back.
    const name = `Backup Check ${randomBytes(3).toString('hex')}`
    await callFromPage(page, 'POST', '/api/crew', { name })

    await page.locator('input[type="file"]').setInputFiles(file)
    await page.getByRole('button', { name: 'Check the backup' }).click()
    await page.getByText('The backup can be imported', { exact: true }).waitFor()
    const crewRow = page
      .getByRole('table', { name: 'What the import changes, by table' })
      .getByRole('row', { name: /^crews / })
    assert.deepEqual(await crewRow.getByRole('cell').allInnerTexts(), [
      'crews',
      '0',
      '0',
      String(document.counts.crews),
      '1',
    ])
    // A test artefact: how the summary looks.
    await page
      .getByRole('region', { name: 'Backup and import' })
      .screenshot({ path: join(folder, 'dry-run-summary.png') })
    // The check changed nothing.
    const before = await callFromPage<CrewMember[]>(
      page,
      'GET',
      `/api/crew?search=${encodeURIComponent(name)}`
    )
    assert.lengthOf(before, 1)

    await page.getByRole('button', { name: 'Import this backup…' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Replace all scheduling data?' })
    await dialog.getByText(/0 rows added, 0 updated, \d+ removed/).waitFor()
    await dialog.getByRole('button', { name: 'Import' }).click()
    await toastMessage(page, 'The backup is imported.').waitFor()
    await page.getByText('Imported', { exact: true }).waitFor()

    const after = await callFromPage<CrewMember[]>(
      page,
      'GET',
      `/api/crew?search=${encodeURIComponent(name)}`
    )
    assert.lengthOf(after, 0)
  })
})
