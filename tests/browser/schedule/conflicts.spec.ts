import { test } from '@japa/runner'
import type { Page } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { callFromPage, signInToSchedule } from '#tests/helpers/schedule_browser'

type Record = { id: number; name: string }

/**
 * The conflicts page in Chromium against the real stack: a double booking
 * listed under its day with both projects, resolved with a note, shown
 * again with "Show resolved", and reopened; a clash over several days listed
 * once with its days.
 */
test.group('schedule conflicts page in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
  })

  /** A new crew member booked on new projects (name, first day, last day). */
  async function bookOnProjects(page: Page, crewName: string, projects: string[][]) {
    const crew = await callFromPage<Record>(page, 'POST', '/api/crew', { name: crewName })
    for (const [name, startDate, endDate] of projects) {
      const project = await callFromPage<Record>(page, 'POST', '/api/projects', {
        name,
        startDate,
        endDate,
      })
      await callFromPage(page, 'POST', `/api/projects/${project.id}/crew`, { crewId: crew.id })
    }
  }

  test('a double booking is listed, resolved with a note and reopened', async ({
    browserContext,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    await bookOnProjects(page, 'Sky Boom', [
      ['Forest ad', '2031-10-06', '2031-10-08'],
      ['Museum tour', '2031-10-08', '2031-10-09'],
    ])

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

  test('a clash over several days is listed once with its days, resolved and reopened in one go', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    await bookOnProjects(page, 'Rio Grip', [
      ['Quay build', '2032-03-01', '2032-03-05'],
      ['Quay strike', '2032-03-03', '2032-03-09'],
    ])

    await page.goto(`${stack.url('schedule')}/conflicts?from=2032-03-01&to=2032-03-31`)
    // Three days of the same clash: one entry, not three.
    await page.getByText('1 open conflict between').waitFor()
    const clash = page.getByRole('region', { name: 'Wed 3 Mar 2032 – Fri 5 Mar 2032' })
    await clash.getByText('3 days').waitFor()
    assert.equal(await page.getByRole('link', { name: 'Rio Grip' }).count(), 1)
    await clash.getByRole('link', { name: 'Quay build' }).waitFor()
    await clash.getByRole('link', { name: 'Quay strike' }).waitFor()

    await clash.getByRole('button', { name: 'Mark resolved' }).click()
    await clash.getByLabel('Why it is fine (optional)').fill('Half days on each')
    await clash.getByRole('button', { name: 'Resolve' }).click()
    await page.getByText('All conflicts in this period are resolved.').waitFor()
    // The API still keeps a resolution per day.
    const resolutions = await callFromPage<{ date: string }[]>(
      page,
      'GET',
      '/api/conflict-resolutions?from=2032-03-01&to=2032-03-31'
    )
    assert.deepEqual(resolutions.map((resolution) => resolution.date).sort(), [
      '2032-03-03',
      '2032-03-04',
      '2032-03-05',
    ])

    await page.getByLabel('Show resolved (1)').check()
    await clash.getByText('Half days on each', { exact: false }).waitFor()
    await clash.getByRole('button', { name: 'Reopen' }).click()
    await page.getByText('1 open conflict between').waitFor()
    const reopened = await callFromPage<unknown[]>(
      page,
      'GET',
      '/api/conflict-resolutions?from=2032-03-01&to=2032-03-31'
    )
    assert.lengthOf(reopened, 0)
  })
})
