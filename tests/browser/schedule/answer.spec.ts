import { test } from '@japa/runner'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SharedBrowserStack } from '#tests/helpers/browser_stack'
import { callFromPage, signInToSchedule } from '#tests/helpers/schedule_browser'
import { requestByEmail } from '#tests/helpers/schedule_messaging'
import { waitUntil } from '#tests/helpers/wait_until'

const PHONE = { width: 390, height: 844 }

test.group('schedule answer page in the browser', (group) => {
  let stack: LocalStack
  let shared: SharedBrowserStack

  group.setup(async () => {
    shared = await sharedBrowserStack()
    stack = shared.stack
  })

  test('a recipient answers on a phone, then changes the answer', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const staff = await signInToSchedule(browserContext, stack, shared.seed)
    const { messageId, link } = await requestByEmail(staff, shared.outbox.schedule, 'Uma Answer')

    const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
    const page = await phone.newPage()
    await page.goto(link)
    await page.getByRole('heading', { name: 'Free for the harbour shoot, Uma?' }).waitFor()
    await page.getByText('For Uma Answer').waitFor()
    await page.getByText('06:30').waitFor()
    await page.getByRole('radio', { name: 'Not available' }).click()
    await page.getByLabel('Note (optional)').fill('On another job that week')
    await page.getByRole('button', { name: 'Send my answer' }).click()
    await page.getByText('You said not available.').waitFor()

    // Reopened later, the link shows the answer and takes a new one.
    await page.reload()
    await page.getByRole('button', { name: 'Change my answer' }).waitFor()
    await page.getByRole('radio', { name: 'Maybe' }).click()
    await page.getByRole('button', { name: 'Change my answer' }).click()
    await page.getByText('You said maybe.').waitFor()

    const tracked = await callFromPage<{
      recipients: { answer: string; answerNote: string | null; answeredVia: string }[]
    }>(staff, 'GET', `/api/messages/${messageId}`)
    assert.containsSubset(tracked.recipients[0], {
      answer: 'maybe',
      answerNote: 'On another job that week',
      answeredVia: 'link',
    })
    await phone.close()
  })

  test('an expired link says answers are closed and offers no form', async ({
    browser,
    browserContext,
  }) => {
    const staff = await signInToSchedule(browserContext, stack, shared.seed)
    const closes = new Date(Date.now() + 3000).toISOString()
    const { link } = await requestByEmail(staff, shared.outbox.schedule, 'Vic Late', closes)
    const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
    const page = await phone.newPage()
    await waitUntil('the link to expire', async () => {
      const response = await page.goto(link)
      return response?.status() === 410
    })
    await page.getByText('Answers are closed').waitFor()
    await page.getByRole('button', { name: /answer/ }).waitFor({ state: 'detached' })
    await phone.close()
  })
})
