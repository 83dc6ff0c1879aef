import sharp from 'sharp'
import { test } from '@japa/runner'
import type { LocalStack } from '#services/shared/local_stack'
import { startBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { callFromPage, signInToSchedule, toastMessage } from '#tests/helpers/schedule_browser'
import { waitUntil } from '#tests/helpers/wait_until'
import { saveScreenshot, seriousAccessibilityProblems } from '#tests/helpers/accessibility'
import { startTaskboardReceiver, type TaskboardReceiver } from '#tests/fakes/taskboard'

/** The browser's side of an element, as evaluate() gets it (the tests have no DOM types). */
type ElementWithImage = { querySelector(selector: string): { naturalWidth: number } | null }

/**
 * Feedback in Chromium against the real stack: an admin connects the
 * taskboard webhook (a loopback receiver that checks signatures), someone
 * sends feedback with a screenshot from the menu on any page, the card
 * reaches the taskboard through the app's own job worker, and the admin
 * triages it on the Feedback page. It has a development stack of its own: in
 * production (the shared stack runs the production build) a webhook must be
 * https on a public address, which a receiver on loopback is not.
 */
test.group('schedule feedback in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']
  let receiver: TaskboardReceiver

  group.setup(async () => {
    ;({ stack, seed } = await startBrowserStack(`feedback${process.pid}`))
    receiver = await startTaskboardReceiver()
    return async () => {
      await receiver.close()
      await stack.stop()
    }
  })

  test('feedback with a screenshot reaches the taskboard as a card; an admin triages it', async ({
    browserContext,
    assert,
    cleanup,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    cleanup(async () => {
      await callFromPage(page, 'POST', '/api/admin/taskboard/disconnect')
    })

    // The admin connects the taskboard and hands its secret to the receiver.
    await page.getByRole('link', { name: 'Admin', exact: true }).click()
    await page.getByRole('heading', { name: 'Taskboard webhook' }).waitFor()
    await page.getByLabel('Webhook URL').fill(receiver.url)
    await page.getByRole('button', { name: 'Save webhook' }).click()
    const secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue()
    assert.match(secret, /^whsec_/)
    receiver.useSecret(secret)
    await page.getByRole('button', { name: 'Send a test card' }).click()
    await toastMessage(page, 'Test card sent: the taskboard answered 202.').waitFor()

    // Feedback from the directory, with a screenshot attached.
    await page.getByRole('link', { name: 'Directory' }).click()
    await page.getByRole('heading', { name: 'Directory', level: 1 }).waitFor()
    await page.getByRole('button', { name: /account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Send feedback…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Send feedback' })
    await dialog.getByRole('combobox', { name: 'What is it about?' }).click()
    await page.getByRole('option', { name: 'An idea' }).click()
    await dialog.getByLabel('What happened?').fill('Browser feedback: show week numbers')
    const png = await sharp({
      create: { width: 320, height: 200, channels: 3, background: '#2563eb' },
    })
      .png()
      .toBuffer()
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'calendar.png', mimeType: 'image/png', buffer: png })
    await dialog.getByText('calendar.png').waitFor()
    const problems = await seriousAccessibilityProblems(page)
    assert.deepEqual(problems, [], problems.join('\n'))
    await saveScreenshot(page, 'schedule/feedback-dialog-desktop')
    await dialog.getByRole('button', { name: 'Send feedback' }).click()
    await toastMessage(page, 'Thank you: your feedback was sent to the admins.').waitFor()
    assert.isFalse(await dialog.isVisible())

    // The app's worker sends the card, signed, with a screenshot link that works.
    const card = await waitUntil('the feedback card at the taskboard', () =>
      receiver.deliveries.find(
        (delivery) =>
          delivery.type === 'feedback.created' &&
          delivery.data.description === 'Browser feedback: show week numbers'
      )
    )
    assert.equal(card.data.title, '[Idea] Browser feedback: show week numbers')
    assert.equal(card.data.pageUrl, `${stack.url('schedule')}/directory`)
    const shot = await fetch(card.data.screenshotUrl as string)
    assert.equal(shot.status, 200)
    const image = await sharp(Buffer.from(await shot.arrayBuffer())).metadata()
    assert.deepEqual([image.format, image.width, image.height], ['png', 320, 200])

    // The admin triages it.
    await page.getByRole('link', { name: 'Feedback' }).click()
    const item = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Browser feedback: show week numbers' }) })
    await item.waitFor()
    await item.getByRole('img', { name: 'Screenshot sent with this feedback' }).waitFor()
    const shown = await waitUntil('the screenshot to load', () =>
      item.evaluate((element) => {
        const img = (element as unknown as ElementWithImage).querySelector('img')
        return img && img.naturalWidth > 0 ? img.naturalWidth : null
      })
    )
    assert.equal(shown, 320)
    await item.getByText('Card sent').waitFor()

    await item.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'Done' }).click()
    await toastMessage(page, 'Saved.').first().waitFor()
    await item.getByLabel('Admin notes').fill('Planned for the next release')
    await item.getByRole('button', { name: 'Save notes' }).click()
    await waitUntil('the notes to be saved', async () => {
      const stored = await callFromPage<
        { description: string; status: string; adminNotes: string }[]
      >(page, 'GET', '/api/feedback')
      const mine = stored.find(
        (entry) => entry.description === 'Browser feedback: show week numbers'
      )
      return mine?.adminNotes === 'Planned for the next release' && mine.status === 'done'
    })

    await page.reload()
    await item.getByRole('combobox', { name: 'Status' }).filter({ hasText: 'Done' }).waitFor()
    await item.getByRole('button', { name: 'Delete…' }).click()
    await page
      .getByRole('alertdialog', { name: 'Delete this feedback?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await toastMessage(page, 'Feedback deleted.').waitFor()
    assert.equal(await item.count(), 0)
    const gone = await fetch(card.data.screenshotUrl as string)
    assert.equal(gone.status, 404)
  })
})
