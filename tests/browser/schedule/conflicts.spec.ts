import { test } from '@japa/runner'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { callFromPage, signInToSchedule } from '#tests/helpers/schedule_browser'

type Record = { id: number; name: string }

/**
 * The conflicts page in Chromium against the real stack: a double booking
 * listed under its day with both projects, resolved with a note, shown
 * again with "Show resolved", and reopened.
 */
test.group('schedule conflicts page in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
  })

  test('a double booking is listed, resolved with a note and reopened', async ({
    browserContext,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const crew = await callFromPage<Record>(page, 'POST', '/api/crew', { name: 'Sky Boom' })
    for (const [name, startDate, endDate] of [
      ['Forest ad', '2031-10-06', '2031-10-08'],
      ['Museum tour', '2031-10-08', '2031-10-09'],
    ]) {
      const project = await callFromPage<Record>(page, 'POST', '/api/projects', {
        name,
        startDate,
        endDate,
      })
      await callFromPage(page, 'POST', `/api/projects/${project.id}/crew`, { crewId: crew.id })
    }

    await page.getByRole('link', { name: 'Conflicts' }).click()
    await page.getByRole('heading', { name: 'Conflicts', level: 1 }).waitFor()
    await page.getByLabel('From').fill('2031-10-01')
    await page.getByLabel('To').fill('2031-10-31')
    await page.getByRole('button', { name: 'Show' }).click()
    await page.getByText('1 open conflict between').waitFor()
    const day = page.getByRole('region', { name: 'Wed 8 Oct 2031' })
    await day.getByRole('link', { name: 'Sky Boom' }).waitFor()
    await day.getByRole('link', { name: 'Forest ad' }).waitFor()
    await day.getByRole('link', { name: 'Museum tour' }).waitFor()

    await day.getByRole('button', { name: 'Mark resolved' }).click()
    await day.getByLabel('Why it is fine (optional)').fill('Morning on one, evening on the other')
    await day.getByRole('button', { name: 'Resolve' }).click()
    await page.getByText('Nobody is double-booked between', { exact: false }).waitFor()
    await page.getByText('All conflicts in this period are resolved.').waitFor()

    await page.getByLabel('Show resolved (1)').check()
    await day.getByText('Resolved by Demo Admin', { exact: false }).waitFor()
    await day.getByText('Morning on one, evening on the other', { exact: false }).waitFor()
    await day.getByRole('button', { name: 'Reopen' }).click()
    await page.getByText('1 open conflict between').waitFor()
    await day.getByRole('button', { name: 'Mark resolved' }).waitFor()
  })
})
