import { createHash, randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import pg from 'pg'
import type { FileChooser, Page } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import { readOutbox } from '#services/shared/mail/outbox_transport'
import { sharedBrowserStack } from '#tests/helpers/browser_stack'

const MB = 1024 * 1024

/**
 * A visitor on the public page picks files, watches each one's progress bar
 * reach the end, and pauses and resumes one on a slow connection; the server
 * keeps the very bytes with their SHA-256.
 */
test.group('public uploads in the browser', (group) => {
  let stack: LocalStack
  let driveRoot: string
  let outbox: string
  let database: pg.Client

  group.setup(async () => {
    const shared = await sharedBrowserStack()
    stack = shared.stack
    driveRoot = shared.driveRoot
    outbox = shared.outbox.transfer
    database = new pg.Client({ connectionString: stack.options.databaseUrls.transfer })
    await database.connect()
    return () => database.end()
  })

  async function storedUpload(fileName: string) {
    const { rows } = await database.query(
      `select storage_key, status, uploader_name, uploader_email, message, content_sha256
         from public_uploads where file_name = $1`,
      [fileName]
    )
    return rows[0] as {
      storage_key: string
      status: string
      uploader_name: string | null
      uploader_email: string | null
      message: string | null
      content_sha256: string | null
    }
  }

  /** The six-digit code in the newest mail to `address`, once the mail worker sent it. */
  async function codeMailedTo(address: string) {
    for (let attempt = 0; attempt < 100; attempt++) {
      // A message file may be caught half-written: try again.
      const mails = await readOutbox(outbox).catch(() => [])
      const mail = mails.findLast((message) => message.to.includes(address))
      const code = mail?.text?.match(/\b(\d{6})\b/)?.[1]
      if (code) {
        return code
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    throw new Error(`no code was mailed to ${address}`)
  }

  /** Clicks the drop zone, as a visitor does, and picks `files` in the browser's file chooser. */
  async function chooseFiles(page: Page, files: Parameters<FileChooser['setFiles']>[0]) {
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: /^Files to upload/ }).click()
    const fileChooser = await chooser
    await fileChooser.setFiles(files)
  }

  test('a visitor uploads files and sees each progress bar reach done', async ({
    browserContext,
    assert,
  }) => {
    const first = randomBytes(3 * MB)
    const second = randomBytes(200 * 1024)
    const page = await browserContext.newPage()
    await page.goto(stack.url('transfer'))
    await page.getByRole('heading', { name: 'Send us your files' }).waitFor()

    await page.getByLabel('Your name (optional)').fill('Grace Hopper')
    await page.getByLabel('Message (optional)').fill('Day 2 rushes')
    await chooseFiles(page, [
      { name: 'day2.mov', mimeType: 'video/quicktime', buffer: first },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: second },
    ])
    await page.getByRole('button', { name: 'Upload 2 files' }).click()

    for (const [name, bytes] of [
      ['day2.mov', first],
      ['notes.txt', second],
    ] as const) {
      const item = page.getByRole('listitem', { name })
      const bar = item.getByRole('progressbar', { name })
      await bar.waitFor()
      await item.getByText('Done').waitFor()
      await item.getByText('100%').waitFor()
      assert.equal(await bar.getAttribute('aria-valuenow'), String(bytes.length))
      assert.equal(await bar.getAttribute('aria-valuemax'), String(bytes.length))

      const row = await storedUpload(name)
      assert.equal(row.status, 'complete')
      assert.equal(row.uploader_name, 'Grace Hopper')
      assert.equal(row.message, 'Day 2 rushes')
      assert.equal(row.content_sha256, createHash('sha256').update(bytes).digest('hex'))
      const stored = await readFile(join(driveRoot, 'public-uploads', row.storage_key))
      assert.isTrue(stored.equals(bytes), `${name} arrived intact`)
    }
    await page.getByRole('status').getByText('2 files have arrived').waitFor()
  })

  test('on a slow connection a visitor pauses and resumes an upload', async ({
    browserContext,
    assert,
  }) => {
    const bytes = randomBytes(4 * MB)
    const page = await browserContext.newPage()
    const network = await browserContext.newCDPSession(page)
    await network.send('Network.enable')
    const throttle = (uploadThroughput: number) =>
      network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput,
      })
    await throttle(512 * 1024)

    await page.goto(stack.url('transfer'))
    await chooseFiles(page, {
      name: 'slow.bin',
      mimeType: 'application/octet-stream',
      buffer: bytes,
    })
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    const item = page.getByRole('listitem', { name: 'slow.bin' })
    await item.getByText(/\/s$/).waitFor()
    await item.getByText(/left$/).waitFor()
    await item.getByRole('button', { name: 'Pause' }).click()
    await item.getByText('Paused').waitFor()

    const paused = await storedUpload('slow.bin')
    assert.equal(paused.status, 'uploading')

    await throttle(-1)
    await item.getByRole('button', { name: 'Resume' }).click()
    await item.getByText('Done').waitFor()
    const row = await storedUpload('slow.bin')
    assert.equal(row.status, 'complete')
    assert.equal(row.content_sha256, createHash('sha256').update(bytes).digest('hex'))
  })

  test('when the site requires it, a visitor confirms an email with a mailed code first', async ({
    browserContext,
    assert,
  }) => {
    await database.query(
      `insert into settings (key, value) values ('email_verification_required', 'true')`
    )
    try {
      const page = await browserContext.newPage()
      await page.goto(stack.url('transfer'))
      await page.getByText('Confirm your email address before uploading.').waitFor()
      await chooseFiles(page, {
        name: 'verified.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('checked in'),
      })
      assert.isTrue(await page.getByRole('button', { name: 'Upload', exact: true }).isDisabled())

      await page.getByLabel('Your email').fill('ada@example.com')
      await page.getByRole('button', { name: 'Send code' }).click()
      await page.getByText('We sent a six-digit code to ada@example.com.').waitFor()
      await page.getByLabel('Code from the email').fill(await codeMailedTo('ada@example.com'))
      await page.getByRole('button', { name: 'Confirm' }).click()
      await page.getByText('Email confirmed: ada@example.com').waitFor()

      await page.getByRole('button', { name: 'Upload', exact: true }).click()
      await page.getByRole('listitem', { name: 'verified.txt' }).getByText('Done').waitFor()
      const row = await storedUpload('verified.txt')
      assert.equal(row.uploader_email, 'ada@example.com')
    } finally {
      await database.query(`delete from settings where key = 'email_verification_required'`)
    }
  })
})
