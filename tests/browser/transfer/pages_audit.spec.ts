import { createHash, randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import pg from 'pg'
import type { Page } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import {
  documentAccessibilityProblems,
  saveScreenshot,
  seriousAccessibilityProblems,
  smallTouchTargets,
} from '#tests/helpers/accessibility'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { cspViolations } from '#tests/helpers/content_security_policy'
import { signInToTransferAdmin } from '#tests/helpers/transfer_browser'

/* What the page-side callbacks below use of the browser's document (tests compile without the DOM types). */
declare const document: {
  documentElement: { scrollWidth: number; clientWidth: number }
  querySelector(selector: string): { content: string } | null
}

/** The kit's controls a finger presses (fields are 44 px tall by the tokens already). */
const TOUCH_TARGETS =
  '.ui-button, .ui-icon-button, .ui-input-addon-button, .ui-tab, .ui-shell-user-button, .ui-checkbox-row, .ui-link-button'

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const

/**
 * Every page of transfer, signed out and signed in as an admin, at a laptop's
 * and a phone's size: no serious or critical accessibility problem (axe), no
 * sideways scrolling of the page, and a screenshot of each under
 * tmp/screenshots/transfer/ for a person to look at.
 */
test.group('transfer pages: accessibility and phones', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']
  let driveRoot: string

  group.setup(async () => {
    ;({ stack, seed, driveRoot } = await sharedBrowserStack())
    await mkdir(app.makePath('tmp', 'screenshots', 'transfer'), { recursive: true })
  })

  /** A finished upload straight in the database and on the disk, as the tus endpoint leaves it. */
  async function storeUpload(fileName: string) {
    const content = randomBytes(64 * 1024)
    const storageKey = randomBytes(16).toString('hex')
    await mkdir(join(driveRoot, 'public-uploads'), { recursive: true })
    await writeFile(join(driveRoot, 'public-uploads', storageKey), content)
    const client = new pg.Client({ connectionString: stack.options.databaseUrls.transfer })
    await client.connect()
    try {
      const { rows } = await client.query(
        `INSERT INTO public_uploads
           (storage_key, disk, file_name, mime_type, size, received_bytes, status,
            owner_key_hash, content_sha256, hash_status, completed_at, uploader_name,
            uploader_email, message)
         VALUES ($1, 'fs', $2, 'video/quicktime', $3, $3, 'complete', $4, $5, 'done', now(),
                 'Dana Whitfield', 'dana@harbour-lighting.example', 'Rushes from day 2')
         RETURNING id`,
        [
          storageKey,
          fileName,
          content.length,
          createHash('sha256').update('visitor').digest('hex'),
          createHash('sha256').update(content).digest('hex'),
        ]
      )
      return rows[0].id as string
    } finally {
      await client.end()
    }
  }

  /**
   * A share made through the staff API from the signed-in page (its session
   * and CSRF token); `more` adds fields (an expiry).
   */
  async function createShare(
    page: Page,
    uploadId: string,
    password?: string,
    more: Record<string, unknown> = {}
  ) {
    return page.evaluate(
      async ({ upload, secret, extra }) => {
        const token = document.querySelector('meta[name="csrf-token"]')!.content
        const response = await fetch('/api/staff-shares', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'accept': 'application/json',
            'x-csrf-token': token,
          },
          body: JSON.stringify({
            uploadId: upload,
            title: 'Harbour rushes',
            message: 'The takes from Tuesday night.',
            maxDownloads: 5,
            ...(secret ? { password: secret } : {}),
            ...extra,
          }),
        })
        if (!response.ok) {
          throw new Error(`share not created: ${response.status} ${await response.text()}`)
        }
        return ((await response.json()) as { url: string }).url
      },
      { upload: uploadId, secret: password, extra: more }
    )
  }

  /**
   * At each size: the page's heading, axe, no sideways scroll, a screenshot;
   * on the phone, a touch screen (Chromium's touch emulation, so the page's
   * `pointer: coarse` styles apply) whose controls are big enough for a finger.
   */
  async function audit(page: Page, name: string, heading: string | RegExp, assert: any) {
    const cdp = await page.context().newCDPSession(page)
    try {
      for (const size of SIZES) {
        const phone = size.name === 'phone'
        await page.setViewportSize({ width: size.width, height: size.height })
        await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: phone, maxTouchPoints: 5 })
        await page.getByRole('heading', { level: 1, name: heading }).waitFor()
        assert.deepEqual(await seriousAccessibilityProblems(page), [], `${name} at ${size.name}`)
        assert.deepEqual(
          await cspViolations(page),
          [],
          `${name}: the page's policy refused nothing`
        )
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth
        )
        assert.isAtMost(overflow, 0, `${name} does not scroll sideways at ${size.name}`)
        if (phone) {
          assert.deepEqual(
            await smallTouchTargets(page, TOUCH_TARGETS),
            [],
            `${name}: targets smaller than a finger`
          )
        }
        await saveScreenshot(page, `transfer/${name}-${size.name}`)
      }
    } finally {
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false })
      await cdp.detach()
    }
  }

  test('the public pages: upload, a share with and without a password, a dead link', async ({
    browserContext,
    assert,
  }) => {
    const staff = await browserContext.newPage()
    await signInToTransferAdmin(staff, { stack, seed })
    const uploadId = await storeUpload('Audit harbour rushes.mov')
    const open = await createShare(staff, uploadId)
    const guarded = await createShare(staff, uploadId, 'quietharbour')

    const visitor = await browserContext.browser()!.newContext({ acceptDownloads: true })
    try {
      const page = await visitor.newPage()
      await page.goto(stack.url('transfer'))
      await audit(page, 'upload', 'Send us your files', assert)

      await page.goto(open)
      await audit(page, 'share', 'Harbour rushes', assert)
      // A download, so the staff's download log has a row to show.
      await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download' }).click(),
      ])
      await page.getByText('Your download is starting.').waitFor()
      await audit(page, 'share-downloaded', 'Harbour rushes', assert)

      await page.goto(guarded)
      await page.getByLabel('Password', { exact: true }).waitFor()
      await audit(page, 'share-with-password', 'Harbour rushes', assert)

      await page.goto(`${stack.url('transfer')}/s/${'x'.repeat(43)}`)
      await audit(page, 'share-not-found', /Link/, assert)
    } finally {
      await visitor.close()
    }
  })

  test('the staff pages, as an admin', async ({ browserContext, assert }) => {
    const uploadId = await storeUpload('Audit grade notes.mov')
    const page = await browserContext.newPage()
    await signInToTransferAdmin(page, { stack, seed })
    // The shares table with rows: a password and an end date, and neither.
    await createShare(page, uploadId, 'quietharbour', { expiresInDays: 14 })
    await createShare(page, uploadId, undefined, { expiresInDays: 0 })
    for (const [path, name, heading] of [
      ['/admin', 'uploads', 'Uploads'],
      ['/admin/shares', 'shares', 'Shares'],
      ['/admin/logs', 'logs', 'Download log'],
      ['/admin/users', 'users', 'Users'],
      ['/admin/settings', 'settings', 'Settings'],
      ['/admin/backup', 'backup', 'Backup'],
      ['/admin/appearance', 'appearance', 'Appearance'],
    ] as const) {
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.goto(`${stack.url('transfer')}${path}`)
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      // At a desktop's width, where the nav is shown: one section is the current one.
      const current = page
        .getByRole('navigation', { name: 'Main' })
        .locator('[aria-current="page"]')
      assert.equal(await current.count(), 1, `${name}: one section is marked as the current one`)
      await audit(page, name, heading, assert)
    }
  })

  test("a share's edit dialog, with a last day to pick", async ({ browserContext, assert }) => {
    const uploadId = await storeUpload('Audit dialog rushes.mov')
    const page = await browserContext.newPage()
    await signInToTransferAdmin(page, { stack, seed })
    await createShare(page, uploadId, 'quietharbour')
    // At each size on its own: a table row on a desktop and a card on a phone are different
    // elements, so the dialog opened from one closes when the other replaces it.
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height })
      await page.goto(`${stack.url('transfer')}/admin/shares`)
      await page.getByRole('button', { name: 'Actions for Harbour rushes' }).first().waitFor()
      const share = page
        .getByRole(size.name === 'phone' ? 'listitem' : 'row')
        .filter({ hasText: 'Audit dialog rushes.mov' })
      await share.getByRole('button', { name: 'Actions for Harbour rushes' }).click()
      await page.getByRole('menuitem', { name: 'Edit' }).click()
      const dialog = page.getByRole('dialog', {
        name: 'Edit the share of Audit dialog rushes.mov',
      })
      await dialog.getByRole('combobox', { name: 'Link works for' }).click()
      await page.getByRole('option', { name: 'Until a date…' }).click()
      await dialog.getByLabel('Last day').waitFor()
      assert.deepEqual(await seriousAccessibilityProblems(page), [], `edit dialog at ${size.name}`)
      await saveScreenshot(page, `transfer/share-edit-dialog-${size.name}`)
    }
  })

  test('the email templates page, and the email its preview shows', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await signInToTransferAdmin(page, { stack, seed })
    await page.goto(`${stack.url('transfer')}/admin/email-templates`)
    const preview = page.locator('iframe[title="Email preview"]')
    await preview.waitFor()
    // The page around the preview: everything a staff member works with (axe cannot enter
    // the preview's frame, which may run no script; its document is audited below).
    await audit(page, 'email-templates', 'Email templates', assert)
    // A full-page screenshot leaves a frame below the fold unpainted: the preview on its own.
    await preview.screenshot({
      path: app.makePath('tmp', 'screenshots', 'transfer', 'email-templates-preview-phone.png'),
    })
    // The preview's document, as the recipient's mail program gets it.
    const html = (await preview.getAttribute('srcdoc'))!
    assert.include(html, '<a href=', 'the sample email has its link')
    assert.deepEqual(await documentAccessibilityProblems(page, html), [], 'the email itself')
  })
})
