import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import pg from 'pg'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'

const FILE_NAME = 'Final grade v3.mov'

/**
 * A staff member shares an uploaded file with a generated password; a
 * recipient in another browser opens the link, gets the password wrong, then
 * right, and receives the very bytes that were uploaded.
 */
test.group('transfer shares in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']
  let driveRoot: string
  const content = randomBytes(256 * 1024)

  group.setup(async () => {
    ;({ stack, seed, driveRoot } = await sharedBrowserStack())
  })

  /** A finished upload, as the tus endpoint leaves it: bytes on the fs disk and a row. */
  async function storeUpload() {
    const storageKey = randomBytes(16).toString('hex')
    await mkdir(join(driveRoot, 'public-uploads'), { recursive: true })
    await writeFile(join(driveRoot, 'public-uploads', storageKey), content)
    const client = new pg.Client({ connectionString: stack.options.databaseUrls.transfer })
    await client.connect()
    try {
      await client.query(
        `INSERT INTO public_uploads
           (storage_key, disk, file_name, mime_type, size, received_bytes, status,
            owner_key_hash, content_sha256, hash_status, completed_at)
         VALUES ($1, 'fs', $2, 'video/quicktime', $3, $3, 'complete', $4, $5, 'done', now())`,
        [
          storageKey,
          FILE_NAME,
          content.length,
          createHash('sha256').update('visitor').digest('hex'),
          createHash('sha256').update(content).digest('hex'),
        ]
      )
    } finally {
      await client.end()
    }
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
    await uploadRow.getByText('256 KB').waitFor()
    await uploadRow.getByRole('link', { name: 'Share' }).click()

    const form = staff.getByRole('form', { name: 'New share' })
    await assert.equal((await form.getByLabel('File').inputValue()) !== '', true)
    await form.getByRole('button', { name: 'Generate' }).click()
    const passwordField = form.getByLabel('Password')
    // Browser-side code as a string: this file is type-checked without the DOM.
    await staff.waitForFunction("document.querySelector('#new-share-password').value !== ''")
    const password = await passwordField.inputValue()
    assert.match(password, /^[a-z]{12,}$/)
    await form.getByLabel('Download limit').fill('3')
    await form.getByRole('button', { name: 'Create share' }).click()
    await staff.getByText(`Share created for ${FILE_NAME}.`).waitFor()

    const shareItem = staff.getByRole('listitem', { name: `Share of ${FILE_NAME}` })
    const link = await shareItem.getByLabel(`Link to ${FILE_NAME}`).inputValue()
    assert.match(link, new RegExp(`^${stack.url('transfer')}/s/[A-Za-z0-9_-]{43}$`))
    await shareItem.getByRole('button', { name: 'Show' }).click()
    assert.equal(
      await shareItem.getByLabel(`Password of ${FILE_NAME}`).textContent(),
      password,
      'staff read the password back'
    )

    const recipientContext = await browser.newContext({ acceptDownloads: true })
    try {
      const recipient = await recipientContext.newPage()
      await recipient.goto(link)
      await recipient.getByText(FILE_NAME).waitFor()
      await recipient.getByText('256 KB').waitFor()

      await recipient.getByLabel('Password').fill('notthepassword')
      await recipient.getByRole('button', { name: 'Download' }).click()
      await recipient.getByRole('alert').filter({ hasText: 'Incorrect password' }).waitFor()

      await recipient.getByLabel('Password').fill(password)
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
    await staff.getByLabel(`Downloads of ${FILE_NAME}`).getByText('1 of 3').waitFor()
  })
})
