import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import pg from 'pg'
import type { Locator, Page } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { signInToTransferAdmin } from '#tests/helpers/transfer_browser'

const FILE_NAME = 'Final grade v3.mov'

/**
 * A staff member shares an uploaded file with a generated password; a
 * recipient in another browser opens the link, gets the password wrong, then
 * right, and receives the very bytes that were uploaded. Around that: the
 * uploads list at a laptop's width, the new-share form, and one visit's
 * download counting once.
 */
test.group('transfer shares in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']
  let driveRoot: string
  const content = randomBytes(256 * 1024)

  group.setup(async () => {
    ;({ stack, seed, driveRoot } = await sharedBrowserStack())
  })

  /** One query on transfer's database, as the app sees it. */
  async function query(sql: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: stack.options.databaseUrls.transfer })
    await client.connect()
    try {
      const result = await client.query(sql, values)
      return result.rows
    } finally {
      await client.end()
    }
  }

  /**
   * A finished upload, as the tus endpoint leaves it: bytes on the fs disk and
   * a row; `deleteInDays` sets when the hourly cleanup will remove it.
   */
  async function storeUpload(fileName = FILE_NAME, deleteInDays: number | null = null) {
    const storageKey = randomBytes(16).toString('hex')
    await mkdir(join(driveRoot, 'public-uploads'), { recursive: true })
    await writeFile(join(driveRoot, 'public-uploads', storageKey), content)
    await query(
      `INSERT INTO public_uploads
         (storage_key, disk, file_name, mime_type, size, received_bytes, status,
          owner_key_hash, content_sha256, hash_status, completed_at, expires_at,
          uploader_name, uploader_email)
       VALUES ($1, 'fs', $2, 'video/quicktime', $3, $3, 'complete', $4, $5, 'done', now(),
               now() + make_interval(days => $6::int), 'Dana Whitfield-Okonkwo',
               'dana.whitfield-okonkwo@harbour-lighting.example')`,
      [
        storageKey,
        fileName,
        content.length,
        createHash('sha256').update('visitor').digest('hex'),
        createHash('sha256').update(content).digest('hex'),
        deleteInDays,
      ]
    )
  }

  function signIn(page: Page) {
    return signInToTransferAdmin(page, { stack, seed })
  }

  /** Creates a share of the file on the Shares page, as staff do; answers its link. */
  async function createShare(
    page: Page,
    fileName: string,
    fields: { password: string; limit: string; title?: string }
  ) {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Shares' })
      .click()
    const form = page.getByRole('form', { name: 'New share' })
    // The newest file may already be chosen: type its name afresh and pick it.
    const file = form.getByRole('combobox', { name: 'File' })
    await file.clear()
    await file.fill(fileName)
    await page.getByRole('option', { name: fileName, exact: true }).click()
    await form.getByLabel('Password').fill(fields.password)
    await form.getByLabel('Download limit').fill(fields.limit)
    if (fields.title) {
      await form.getByLabel('Title').fill(fields.title)
    }
    await form.getByRole('button', { name: 'Create share' }).click()
    await page.getByText(`Share created for ${fileName}.`).waitFor()
    return page.getByLabel(`Link to the new share of ${fileName}`).inputValue()
  }

  /** How many text lines an element's content takes on screen. */
  function linesOf(cell: Locator) {
    return cell.evaluate((element) => {
      // Browser-side code: one client rect per line box of the element's content.
      const range = (element as any).ownerDocument.createRange()
      range.selectNodeContents(element)
      return new Set([...range.getClientRects()].map((rect: any) => Math.round(rect.top))).size
    })
  }

  test('a staff member shares with a generated password; a recipient downloads with it', async ({
    browser,
    browserContext,
    assert,
  }) => {
    await storeUpload()

    const staff = await browserContext.newPage()
    await staff.goto(`${stack.url('transfer')}/admin`)
    await staff.waitForURL(`${stack.url('sso')}/login`)
    await staff.getByLabel('Email').fill(seed.admin.email)
    await staff.getByLabel('Password').fill(seed.admin.password)
    await staff.getByRole('button', { name: 'Sign in' }).click()

    const uploadRow = staff.getByRole('row').filter({ hasText: FILE_NAME })
    await uploadRow.getByText('256 kB').waitFor()
    await uploadRow.getByRole('link', { name: 'Share' }).click()

    const form = staff.getByRole('form', { name: 'New share' })
    assert.equal(await form.getByRole('combobox', { name: 'File' }).inputValue(), FILE_NAME)
    await form.getByRole('button', { name: 'Generate' }).click()
    const passwordField = form.getByLabel('Password')
    await staff.waitForFunction(
      (field) => (field as any).value !== '',
      await passwordField.elementHandle()
    )
    const password = await passwordField.inputValue()
    assert.match(password, /^[a-z]{12,}$/)
    assert.equal(await passwordField.getAttribute('type'), 'text', 'a generated password shows')
    await form.getByLabel('Download limit').fill('3')
    await form.getByRole('button', { name: 'Create share' }).click()
    await staff.getByText(`Share created for ${FILE_NAME}.`).waitFor()

    const shareItem = staff.getByRole('row').filter({ hasText: FILE_NAME })
    const link = await shareItem.getByLabel(`Link to ${FILE_NAME}`).inputValue()
    assert.match(link, new RegExp(`^${stack.url('transfer')}/s/[A-Za-z0-9_-]{43}$`))
    const readBack = shareItem.getByLabel(`Password of ${FILE_NAME}`)
    assert.equal(await readBack.getAttribute('type'), 'password', 'hidden until asked for')
    await shareItem.getByRole('button', { name: 'Show password' }).click()
    assert.equal(await readBack.getAttribute('type'), 'text')
    assert.equal(await readBack.inputValue(), password, 'staff read the password back')

    const recipientContext = await browser.newContext({ acceptDownloads: true })
    try {
      const recipient = await recipientContext.newPage()
      await recipient.goto(link)
      await recipient.getByText(FILE_NAME).waitFor()
      await recipient.getByText('256 kB').waitFor()

      await recipient.getByLabel('Password', { exact: true }).fill('notthepassword')
      await recipient.getByRole('button', { name: 'Download' }).click()
      await recipient.getByRole('alert').filter({ hasText: 'Incorrect password' }).waitFor()

      await recipient.getByLabel('Password', { exact: true }).fill(password)
      const [download] = await Promise.all([
        recipient.waitForEvent('download'),
        recipient.getByRole('button', { name: 'Download' }).click(),
      ])
      assert.equal(download.suggestedFilename(), FILE_NAME)
      const received = await readFile((await download.path())!)
      assert.isTrue(received.equals(content), 'the recipient got the uploaded bytes')
      await recipient.getByText('Your download is starting.').waitFor()
    } finally {
      await recipientContext.close()
    }

    await staff.reload()
    await staff
      .getByRole('row')
      .filter({ hasText: FILE_NAME })
      .getByRole('cell', { name: '1 of 3', exact: true })
      .waitFor()
  })

  test('at 1,440 px the uploads list shows every action, one-line sizes and dates, and when a file goes', async ({
    browserContext,
    assert,
  }) => {
    const fileName = 'Harbour night exteriors, camera B, all takes, colour graded v7.mov'
    await storeUpload(fileName, 3)
    const page = await browserContext.newPage()
    await page.setViewportSize({ width: 1440, height: 900 })
    await signIn(page)

    const row = page.getByRole('row').filter({ hasText: fileName })
    await row.getByText('Deleted automatically on').waitFor()
    assert.include(await row.getByText('Deleted automatically on').textContent(), '(in 3 days)')
    assert.notInclude(await row.textContent(), 'removed')

    for (const name of ['Download', 'Share', `Delete ${fileName}`]) {
      const action = row.getByRole(
        name === 'Download' ? 'link' : name === 'Share' ? 'link' : 'button',
        {
          name,
          exact: true,
        }
      )
      const box = (await action.boundingBox())!
      assert.isAtMost(box.x + box.width, 1440, `${name} ends inside the window`)
      assert.isTrue(
        await action.evaluate((element) => {
          // Browser-side: the element's centre is not covered or cut off by a scrolling table.
          const rect = (element as any).getBoundingClientRect()
          const hit = (element as any).ownerDocument.elementFromPoint(
            rect.left + rect.width / 2,
            rect.top + rect.height / 2
          )
          return hit === element || (element as any).contains(hit)
        }),
        `${name} can be clicked where it is drawn`
      )
    }
    const cells = row.getByRole('cell')
    assert.equal(await linesOf(cells.nth(1)), 1, 'the size takes one line')
    assert.equal(await linesOf(cells.nth(3)), 1, 'the date received takes one line')
  })

  test('after creating a share the form is empty again and the new link shows under it', async ({
    browserContext,
    assert,
  }) => {
    const fileName = 'Grade notes for reel 4.mov'
    await storeUpload(fileName)
    const page = await browserContext.newPage()
    await signIn(page)
    const link = await createShare(page, fileName, {
      password: 'harbourlights',
      limit: '2',
      title: 'Reel 4 notes',
    })
    assert.match(link, /\/s\/[A-Za-z0-9_-]{43}$/)
    const listed = page.getByRole('row').filter({ hasText: fileName })
    await listed.getByLabel(`Link to ${fileName}`).waitFor()
    assert.equal(await listed.getByLabel(`Link to ${fileName}`).inputValue(), link)

    const form = page.getByRole('form', { name: 'New share' })
    assert.equal(
      await form.getByRole('combobox', { name: 'File' }).inputValue(),
      '',
      'the file is to be chosen again'
    )
    assert.isTrue(await form.getByRole('button', { name: 'Create share' }).isDisabled())
    assert.equal(await form.getByLabel('Password').inputValue(), '')
    assert.equal(await form.getByLabel('Download limit').inputValue(), '')
    assert.equal(await form.getByLabel('Title').inputValue(), '')
    const rows = await query(
      `SELECT count(*)::int AS shares FROM staff_shares s
         JOIN public_uploads u ON u.id = s.upload_id WHERE u.file_name = $1`,
      [fileName]
    )
    assert.equal(rows[0].shares, 1)
  })

  test("a share is edited in a dialog from its row's menu, and deleting it asks first", async ({
    browserContext,
    assert,
  }) => {
    const fileName = 'Sound mix for approval.wav'
    await storeUpload(fileName)
    const page = await browserContext.newPage()
    await signIn(page)
    await createShare(page, fileName, { password: 'stillwater', limit: '2' })
    const row = page.getByRole('row').filter({ hasText: fileName })
    await row.getByRole('cell', { name: '0 of 2', exact: true }).waitFor()

    await row.getByRole('button', { name: `Actions for ${fileName}` }).click()
    await page.getByRole('menuitem', { name: 'Edit' }).click()
    const dialog = page.getByRole('dialog', { name: `Edit the share of ${fileName}` })
    await dialog.getByLabel('Download limit').fill('9')
    await dialog.getByRole('combobox', { name: 'Link works for' }).click()
    await page.getByRole('option', { name: 'No end date', exact: true }).click()
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText(`The share of ${fileName} was saved.`).waitFor()
    await row.getByRole('cell', { name: '0 of 9', exact: true }).waitFor()
    await row.getByRole('cell', { name: 'No end date', exact: true }).waitFor()
    const [saved] = await query(
      `SELECT s.max_downloads, s.expires_at FROM staff_shares s
         JOIN public_uploads u ON u.id = s.upload_id WHERE u.file_name = $1`,
      [fileName]
    )
    assert.deepEqual(saved, { max_downloads: 9, expires_at: null })

    await row.getByRole('button', { name: `Actions for ${fileName}` }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    const asked = page.getByRole('alertdialog', { name: `Delete the share of ${fileName}?` })
    await asked.getByRole('button', { name: 'Cancel' }).click()
    assert.equal(await row.count(), 1, 'cancelled: the share stays')
    await row.getByRole('button', { name: `Actions for ${fileName}` }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await asked.getByRole('button', { name: 'Delete share' }).click()
    await page.getByText(`The share of ${fileName} was deleted.`).waitFor()
    await row.waitFor({ state: 'detached' })
  })

  test('one visit counts one download, even with Enter then a click, and the page says what is left', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const fileName = 'Colour pass for the client.mov'
    await storeUpload(fileName)
    const staff = await browserContext.newPage()
    await signIn(staff)
    const link = await createShare(staff, fileName, { password: 'quietharbour', limit: '3' })

    const [{ display_name: sender }] = await query(
      'SELECT display_name FROM users WHERE email = $1',
      [seed.admin.email]
    )
    const [setting] = await query(`SELECT value FROM settings WHERE key = 'site_name'`)
    const siteName = setting ? String(setting.value) : 'Transfer'

    const recipientContext = await browser.newContext({ acceptDownloads: true })
    try {
      const recipient = await recipientContext.newPage()
      await recipient.goto(link)
      await recipient.getByText(`${sender} at ${siteName} sent you a file`).waitFor()
      const left = recipient.locator('dt:text-is("Downloads left") + dd')
      assert.equal(await left.textContent(), '3')

      await recipient.getByLabel('Password', { exact: true }).fill('quietharbour')
      const [first] = await Promise.all([
        recipient.waitForEvent('download'),
        recipient.getByLabel('Password', { exact: true }).press('Enter'),
      ])
      const [second] = await Promise.all([
        recipient.waitForEvent('download'),
        recipient.getByRole('button', { name: /^Download/ }).click(),
      ])
      assert.equal(first.suggestedFilename(), fileName)
      assert.equal(second.suggestedFilename(), fileName)
      await recipient.locator('dt:text-is("Downloads left") + dd', { hasText: /^2$/ }).waitFor()
    } finally {
      await recipientContext.close()
    }

    const [counted] = await query(
      `SELECT s.download_count,
              (SELECT count(*)::int FROM download_logs l WHERE l.share_id = s.id) AS log_lines
         FROM staff_shares s JOIN public_uploads u ON u.id = s.upload_id
        WHERE u.file_name = $1`,
      [fileName]
    )
    assert.deepEqual(counted, { download_count: 1, log_lines: 1 })
  })
})
