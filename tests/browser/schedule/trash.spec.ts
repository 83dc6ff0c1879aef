import { test } from '@japa/runner'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { callFromPage, signInToSchedule } from '#tests/helpers/schedule_browser'

type Project = { id: number; name: string; startDate: string; endDate: string }

/**
 * A project's way through the trash in Chromium against the real stack:
 * deleted from its page, listed in the trash with the day it goes for good,
 * restored, and back on its page and in the calendar's range query.
 */
test.group('schedule trash in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
  })

  test('a deleted project waits in the trash and comes back when restored', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const project = await callFromPage<Project>(page, 'POST', '/api/projects', {
      name: 'Harbour shoot',
      startDate: '2031-05-05',
      endDate: '2031-05-07',
    })

    await page.goto(`${stack.url('schedule')}/projects/${project.id}`)
    await page.getByRole('heading', { name: 'Harbour shoot', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Delete project' }).click()
    await page
      .getByRole('alertdialog', { name: 'Delete Harbour shoot?' })
      .getByRole('button', { name: 'Delete project' })
      .click()
    await page.waitForURL(`${stack.url('schedule')}/calendar`)

    await page.goto(`${stack.url('schedule')}/projects/${project.id}`)
    await page.getByRole('heading', { name: 'Project not found' }).waitFor()

    await page.getByRole('link', { name: 'Trash' }).first().click()
    await page.getByRole('heading', { name: 'Trash', level: 1 }).waitFor()
    const row = page.getByRole('row').filter({ hasText: 'Harbour shoot' })
    await row.waitFor()
    assert.include(await row.innerText(), 'removed for good on')
    assert.include(await row.innerText(), 'Mon 5 May 2031 – Wed 7 May 2031')

    await row.getByRole('button', { name: 'Restore' }).click()
    await page.getByText('Harbour shoot is back.', { exact: true }).waitFor()
    await row.waitFor({ state: 'detached' })

    await page.goto(`${stack.url('schedule')}/projects/${project.id}`)
    await page.getByRole('heading', { name: 'Harbour shoot', level: 1 }).waitFor()
    const inRange = await callFromPage<Project[]>(
      page,
      'GET',
      '/api/projects?from=2031-05-01&to=2031-05-31'
    )
    // Other files share this stack and may have projects in May 2031: count only this one.
    assert.deepEqual(
      inRange.filter((item) => item.id === project.id).map((item) => item.name),
      ['Harbour shoot']
    )
  })

  test('only an admin deletes for good, after confirming', async ({ browserContext, assert }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const crew = await callFromPage<{ id: number }>(page, 'POST', '/api/crew', {
      name: 'Robin Gaffer',
    })
    await callFromPage(page, 'DELETE', `/api/crew/${crew.id}`)

    await page.goto(`${stack.url('schedule')}/trash?tab=crew`)
    const row = page.getByRole('row').filter({ hasText: 'Robin Gaffer' })
    await row.getByRole('button', { name: 'Delete permanently' }).click()
    await page
      .getByRole('alertdialog', { name: 'Delete Robin Gaffer permanently?' })
      .getByRole('button', { name: 'Delete permanently' })
      .click()
    await page.getByText('Robin Gaffer was removed for good.', { exact: true }).waitFor()

    // Other tests' crew may wait in the shared stack's trash; this one is gone from it.
    const trash = await callFromPage<{ name: string }[]>(page, 'GET', '/api/trash/crew')
    assert.notInclude(
      trash.map((item) => item.name),
      'Robin Gaffer'
    )
  })
})
