import { test } from '@japa/runner'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SharedBrowserStack } from '#tests/helpers/browser_stack'
import { callFromPage, signInToSchedule, toastMessage } from '#tests/helpers/schedule_browser'
import { waitUntil } from '#tests/helpers/wait_until'

/**
 * Composing an availability request from the Messages page, against the
 * stack (SMS through the loopback Twilio fake by the real SDK; email to the
 * outbox), then its tracking table following the worker's progress and
 * Twilio's status callbacks live. Templates and saved groups are made in
 * their own pages and used to compose.
 */
test.group('schedule messages in the browser', (group) => {
  let stack: LocalStack
  let shared: SharedBrowserStack

  group.setup(async () => {
    shared = await sharedBrowserStack()
    stack = shared.stack
  })

  test('compose to a roster with a preview, then watch the recipients go out', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, shared.seed)
    const project = await callFromPage<{ id: number }>(page, 'POST', '/api/projects', {
      name: 'Messaging harbour shoot',
      startDate: '2033-05-02',
      endDate: '2033-05-03',
    })
    for (const [name, email, phone] of [
      ['Wes Roster', 'wes.roster@example.com', '+1 415 555 0170'],
      ['Xia Roster', 'xia.roster@example.com', 'none'],
    ]) {
      const crew = await callFromPage<{ id: number }>(page, 'POST', '/api/crew', {
        name,
        email,
        phone,
      })
      await callFromPage(page, 'POST', `/api/projects/${project.id}/crew`, { crewId: crew.id })
    }

    await page.goto(`${stack.url('schedule')}/messages`)
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor()
    assert.equal(await page.getByText('SMS is off').count(), 0)
    await page.getByLabel('Project').click()
    await page.getByRole('option', { name: 'Messaging harbour shoot' }).click()
    await page
      .getByLabel('Text', { exact: true })
      .fill('Hi {firstName}, free for {project}? {answerLink}')
    const preview = page.getByRole('table', { name: 'Preview per recipient' })
    await preview
      .getByRole('cell', { name: 'Hi Wes, free for Messaging harbour shoot?', exact: false })
      .waitFor()
    // Xia has no valid number: asked for a text, she gets the email instead.
    await preview.getByRole('cell', { name: 'xia.roster@example.com' }).waitFor()
    await preview.getByRole('row', { name: /Xia Roster.*goes by email/ }).waitFor()
    // Wes is asked by text and email both, from his own row.
    await preview.getByRole('combobox', { name: 'Channel for Wes Roster' }).click()
    await page.getByRole('option', { name: 'Both' }).click()
    await preview.getByRole('cell', { name: '+14155550170, wes.roster@example.com' }).waitFor()
    await page.getByRole('button', { name: 'Send now' }).click()

    await page.waitForURL(/\/messages\/\d+$/)
    await page
      .getByRole('heading', { name: 'Availability: Messaging harbour shoot', level: 1 })
      .waitFor()
    const table = page.getByRole('table', { name: 'Recipients' })
    await table.getByRole('row', { name: /Wes Roster/ }).waitFor()
    // The worker texts Wes through Twilio (the fake) and emails Xia; the table follows.
    await table.getByRole('row', { name: /Wes Roster.*sent/ }).waitFor({ timeout: 20_000 })
    await table.getByRole('row', { name: /Xia Roster.*sent/ }).waitFor({ timeout: 20_000 })
    const text = await waitUntil('the text to Wes', async () =>
      shared.twilio.messages.find((sent) => sent.to === '+14155550170')
    )
    assert.match(text.body, /^Hi Wes, free for Messaging harbour shoot\? http:\/\/\S+\/answer\//)

    // Twilio reports the text delivered: the row moves without a reload.
    const callback = await shared.twilio.reportStatus(text.sid, 'delivered', {
      deliverTo: stack.url('schedule'),
    })
    assert.equal(callback.status, 204)
    await table.getByRole('row', { name: /Wes Roster.*delivered/ }).waitFor({ timeout: 20_000 })

    // What each person got, filled in: no placeholders on the page.
    await page.getByText('Hi Wes, free for Messaging harbour shoot?', { exact: false }).waitFor()
    assert.equal(await page.getByText('{firstName}').count(), 0)

    await page.getByRole('button', { name: 'Resend to Wes Roster' }).click()
    await page.getByText('Sending to Wes Roster again').first().waitFor()
  })

  test('templates and a saved group are made in their pages and used to compose', async ({
    browserContext,
  }) => {
    const page = await signInToSchedule(browserContext, stack, shared.seed)
    for (const [name, email] of [
      ['Yan Grouped', 'yan.grouped@example.com'],
      ['Zed Grouped', 'zed.grouped@example.com'],
      ['Ada Handpicked', 'ada.handpicked@example.com'],
    ]) {
      await callFromPage(page, 'POST', '/api/crew', { name, email })
    }

    await page.goto(`${stack.url('schedule')}/messages/templates`)
    await page.getByRole('heading', { name: 'Message templates', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'New template' }).click()
    const dialog = page.getByRole('dialog', { name: 'New template' })
    await dialog.getByLabel('Text').fill('Hi {firstName}, free next week? {answerLink}')
    await dialog.getByRole('button', { name: 'Save template' }).click()
    // The server's field error lands under the field.
    await dialog.getByText(/The name field/).waitFor()
    await dialog.getByLabel('Name').fill('Browser next week')
    await dialog.getByRole('radio', { name: 'Email' }).click()
    await dialog.getByLabel('Email subject (optional)').fill('Next week, {firstName}?')
    await dialog.getByRole('button', { name: 'Save template' }).click()
    await toastMessage(page, 'Template “Browser next week” saved').waitFor()
    const templates = page.getByRole('table', { name: 'Templates' })
    await templates.getByRole('row', { name: /Browser next week.*Email/ }).waitFor()
    await page.getByRole('button', { name: 'Edit Browser next week' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit “Browser next week”' })
    await edit.getByLabel('The default email template').check()
    await edit.getByRole('button', { name: 'Save template' }).click()
    await templates.getByRole('row', { name: /Browser next week.*Default/ }).waitFor()

    await page.goto(`${stack.url('schedule')}/messages/groups`)
    await page.getByRole('heading', { name: 'Recipient groups', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'New group' }).click()
    const groupDialog = page.getByRole('dialog', { name: 'New group' })
    await groupDialog.getByLabel('Name').fill('Browser grouped pair')
    await groupDialog.getByLabel('Find people').fill('Grouped')
    await groupDialog.getByLabel('Yan Grouped (crew)').check()
    await groupDialog.getByLabel('Zed Grouped (crew)').check()
    await groupDialog.getByText('2 people chosen').waitFor()
    await groupDialog.getByRole('button', { name: 'Save group' }).click()
    await page
      .getByRole('table', { name: 'Groups' })
      .getByRole('row', { name: /Browser grouped pair.*Yan Grouped, Zed Grouped/ })
      .waitFor()

    await page.goto(`${stack.url('schedule')}/messages`)
    await page.getByLabel('Browser grouped pair (2)').check()
    // One more person, picked by hand from the directory.
    await page.getByLabel('Find people').fill('Handpicked')
    await page.getByLabel('Ada Handpicked (crew)').check()
    await page.getByLabel('Template').click()
    await page.getByRole('option', { name: 'Browser next week' }).click()
    const preview = page.getByRole('table', { name: 'Preview per recipient' })
    await preview.getByRole('cell', { name: 'Hi Zed, free next week?', exact: false }).waitFor()
    await preview.getByRole('cell', { name: 'Hi Ada, free next week?', exact: false }).waitFor()
    await page.getByRole('button', { name: 'Send now' }).click()
    await page.waitForURL(/\/messages\/\d+$/)
    const table = page.getByRole('table', { name: 'Recipients' })
    await table.getByRole('row', { name: /Yan Grouped/ }).waitFor()
    await table.getByRole('row', { name: /Zed Grouped/ }).waitFor()
    await table.getByRole('row', { name: /Ada Handpicked/ }).waitFor()
  })
})
