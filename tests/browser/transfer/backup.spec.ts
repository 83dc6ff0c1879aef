import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import type { FileChooser, Page } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import type { DropboxFake } from '#tests/fakes/dropbox'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { signInToTransferAdmin } from '#tests/helpers/transfer_browser'

/**
 * An admin sets the backup up in Chromium against the Dropbox fake (the app,
 * the provider's Allow page and back, a folder picked by browsing); a
 * visitor's upload is then backed up by the server's job, shows "Backed up"
 * in the uploads list, and staff find it in the Backup browser.
 */
test.group('transfer backup in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']
  let dropbox: DropboxFake

  group.setup(async () => {
    ;({ stack, seed, dropbox } = await sharedBrowserStack())
  })

  async function chooseFiles(page: Page, files: Parameters<FileChooser['setFiles']>[0]) {
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: /^Files to upload/ }).click()
    const fileChooser = await chooser
    await fileChooser.setFiles(files)
  }

  test('an admin connects the backup and picks a folder; an upload is backed up and shows done', async ({
    browserContext,
    assert,
  }) => {
    dropbox.addFolder('/Harbour Lights/Transfer')
    const page = await browserContext.newPage()
    await signInToTransferAdmin(page, { stack, seed })
    await page.goto(`${stack.url('transfer')}/admin/settings`)
    const backup = page.getByRole('region', { name: 'Backup to Dropbox' })
    await backup.getByLabel('App key').fill(dropbox.appKey)
    await backup.getByLabel('App secret', { exact: true }).fill(dropbox.appSecret)
    await backup.getByRole('button', { name: 'Save app' }).click()
    await backup.getByText('App saved').waitFor()

    await backup.getByRole('button', { name: 'Connect to Dropbox' }).click()
    await page.getByRole('heading', { name: 'Allow access to your Dropbox?' }).waitFor()
    await page.getByRole('button', { name: 'Allow' }).click()
    await page.waitForURL(/\/admin\/settings\?backup=connected/)
    await page.getByText('Connected. New uploads are backed up from now on.').waitFor()
    await backup.getByText('Harbour Lights Backups (backups@example.com)').waitFor()

    await backup.getByRole('button', { name: 'Choose folder' }).click()
    const picker = page.getByRole('dialog', { name: 'Choose the backup folder' })
    await picker.getByRole('button', { name: 'Harbour Lights' }).click()
    await picker.getByRole('button', { name: 'Transfer' }).click()
    await picker.getByRole('button', { name: 'Use /Harbour Lights/Transfer' }).click()
    await backup.getByText('/Harbour Lights/Transfer', { exact: true }).waitFor()

    // A visitor sends a file; the server backs it up in 1 MiB parts.
    const bytes = randomBytes(3 * 1024 * 1024 + 77)
    const visitor = await browserContext.browser()!.newPage()
    await visitor.goto(stack.url('transfer'))
    await chooseFiles(visitor, [
      { name: 'backup-day1.mov', mimeType: 'video/quicktime', buffer: bytes },
    ])
    await visitor.getByRole('button', { name: 'Upload', exact: true }).click()
    await visitor.getByRole('listitem', { name: 'backup-day1.mov' }).getByText('Done').waitFor()
    await visitor.close()

    await page.goto(`${stack.url('transfer')}/admin?search=backup-day1`)
    const row = page.getByRole('row').filter({ hasText: 'backup-day1.mov' })
    for (let attempt = 0; attempt < 100; attempt++) {
      if (await row.getByText('Backed up').isVisible()) break
      await page.waitForTimeout(300)
      await page.reload()
    }
    await row.getByText('Backed up').waitFor()
    const day = new Date().toISOString().slice(0, 10)
    const stored = dropbox.file(`/Harbour Lights/Transfer/${day}/backup-day1.mov`)
    assert.exists(stored)
    assert.deepEqual(await readFile(stored!.diskPath), bytes)

    // Staff find it in the Backup browser, in the day's folder.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Backup' })
      .click()
    await page.getByRole('heading', { name: 'Backup', level: 1 }).waitFor()
    await page.getByRole('link', { name: `${day}/` }).click()
    const file = page.getByRole('row').filter({ hasText: 'backup-day1.mov' })
    await file.getByText('3.1 MB').or(file.getByText('3 MB')).first().waitFor()
    await file.getByRole('checkbox', { name: 'Choose backup-day1.mov' }).check()
    const zip = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download 1 file(s) as a zip' }).click()
    const download = await zip
    assert.match(download.suggestedFilename(), /^backup-\d{4}-\d{2}-\d{2}\.zip$/)
  })
})
