import { test } from '@japa/runner'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SharedBrowserStack } from '#tests/helpers/browser_stack'
import { callFromPage, signInToSchedule } from '#tests/helpers/schedule_browser'

/**
 * Composing an availability request from the Messages page, against the
 * stack (SMS not configured there: the page says so, and email goes), then
 * its tracking table following the worker's progress live.
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
    await page.getByText('SMS is off').waitFor()
    await page.getByLabel('Project').click()
    await page.getByRole('option', { name: 'Messaging harbour shoot' }).click()
    await page
      .getByLabel('Text', { exact: true })
      .fill('Hi {firstName}, free for {project}? {answerLink}')
    const preview = page.getByRole('table', { name: 'Preview per recipient' })
    await preview
      .getByRole('cell', { name: 'Hi Wes, free for Messaging harbour shoot?', exact: false })
      .waitFor()
    await preview.getByRole('cell', { name: 'xia.roster@example.com' }).waitFor()
    await page.getByRole('button', { name: 'Send now' }).click()

    await page.waitForURL(/\/messages\/\d+$/)
    const table = page.getByRole('table', { name: 'Recipients' })
    await table.getByRole('row', { name: /Wes Roster/ }).waitFor()
    // The worker sends both by email; the table follows without a reload.
    await table.getByRole('row', { name: /Wes Roster.*sent/ }).waitFor({ timeout: 20_000 })
    await table.getByRole('row', { name: /Xia Roster.*sent/ }).waitFor({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Resend to Wes Roster' }).click()
    await page.getByText('Sending to Wes Roster again').first().waitFor()
  })
})
