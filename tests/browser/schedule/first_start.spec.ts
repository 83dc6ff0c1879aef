import { test } from '@japa/runner'
import type { LocalStack } from '#services/shared/local_stack'
import { startBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { seriousAccessibilityProblems } from '#tests/helpers/accessibility'
import { signInToSchedule, toastMessage } from '#tests/helpers/schedule_browser'

/**
 * The calendar on a first start, in Chromium against a stack of its own
 * (the shared one holds other tests' projects, and this needs none): it
 * says what it is for and offers the first steps, Lists before the
 * directory, and goes once the first project exists; the people month
 * opened without a date starts at this week.
 */
test.group('schedule calendar on a first start', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await startBrowserStack('schedule_first_start'))
    return () => stack.stop()
  })

  test('an empty calendar explains itself and offers the first steps', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    await page.goto(`${stack.url('schedule')}/calendar?view=month&mode=projects`)
    const intro = page.getByRole('region', { name: 'Nothing is planned yet' })
    await intro.waitFor()
    assert.include(await intro.innerText(), 'plan your projects and who works on them')
    // The first thing a new company sees passes the same accessibility check as every page.
    const problems = await seriousAccessibilityProblems(page)
    assert.deepEqual(problems, [], problems.join('\n'))
    const steps = await intro.getByRole('listitem').allInnerTexts()
    assert.lengthOf(steps, 3)
    assert.match(steps[0], /^Set up your lists first\. The roles crew do/)
    assert.match(steps[1], /^Add your crew and vendors in the directory/)
    assert.match(steps[2], /^Create your first project/)
    assert.equal(await intro.getByRole('link', { name: 'Lists' }).getAttribute('href'), '/settings')
    assert.equal(
      await intro.getByRole('link', { name: 'directory' }).getAttribute('href'),
      '/directory?tab=crew'
    )

    // In the directory, an empty list says where its choices come from.
    await intro.getByRole('link', { name: 'directory' }).click()
    await page.getByRole('button', { name: 'New crew member' }).click()
    const form = page.getByRole('form', { name: 'New crew member' })
    const role = form.getByLabel('Role')
    await role.waitFor()
    const hint = await role.getAttribute('aria-describedby')
    assert.equal(
      await page.locator(`[id="${hint}"]`).innerText(),
      'None to choose yet: add them in Lists.'
    )

    // The same steps in the people mode, whose button leads to the projects month.
    await page.goto(`${stack.url('schedule')}/calendar?view=month&mode=people`)
    // Without a date the people month starts at this week: today is in its first seven days.
    assert.match(await page.getByRole('heading', { level: 1 }).innerText(), / – /)
    const days = page.getByTestId('people-grid').locator('.cal-people-date')
    await days.first().waitFor()
    const todayAt = await days.evaluateAll((cells) =>
      cells.findIndex((cell) =>
        (cell as unknown as { className: string }).className.includes('today')
      )
    )
    assert.isAtLeast(todayAt, 0)
    assert.isBelow(todayAt, 7)
    assert.equal(await days.count(), 35)
    await intro.getByRole('button', { name: 'Create a project' }).click()
    await page.waitForURL((url) => url.searchParams.get('mode') === 'projects')

    await intro.getByRole('button', { name: 'Create a project' }).click()
    const dialog = page.getByRole('dialog', { name: 'New project' })
    await dialog.getByLabel('Name').fill('First light')
    await dialog.getByRole('button', { name: 'Create project' }).click()
    await toastMessage(page, 'Created First light.').waitFor()
    await intro.waitFor({ state: 'detached' })
    await page.reload()
    await page.getByRole('button', { name: /^First light, / }).waitFor()
    assert.equal(await intro.count(), 0)
  })
})
