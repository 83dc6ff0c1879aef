import { test } from '@japa/runner'
import type { Page } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { callFromPage, signInToSchedule } from '#tests/helpers/schedule_browser'
import { pressSpace } from '#tests/helpers/keyboard_drag'

type Item = { id: number; name: string; isDefault?: boolean }

/**
 * The Lists page in Chromium against the real stack: a region added,
 * renamed, moved up and deleted; another booking status made the default.
 */
test.group('schedule lists in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
  })

  function regions(page: Page) {
    return page.getByRole('region', { name: 'Regions' })
  }

  test('a region is added, renamed, reordered and deleted', async ({ browserContext, assert }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    await callFromPage(page, 'POST', '/api/regions', { name: 'North' })
    await page.goto(`${stack.url('schedule')}/settings`)

    await regions(page).getByRole('textbox', { name: 'New region', exact: true }).fill('South')
    await regions(page).getByRole('button', { name: 'Add', exact: true }).click()
    const name = regions(page).getByRole('textbox', { name: 'Name of South' })
    await name.fill('South coast')
    await name.press('Enter')
    await regions(page).getByText('Saved').waitFor()

    await regions(page).getByRole('button', { name: 'Move South' }).focus()
    await pressSpace(page)
    await page.waitForTimeout(200)
    await page.keyboard.press('ArrowUp')
    await page.waitForTimeout(200)
    const saved = page.waitForResponse((response) => response.url().endsWith('/regions/order'))
    await pressSpace(page)
    await saved
    let stored = await callFromPage<Item[]>(page, 'GET', '/api/regions')
    assert.deepEqual(
      stored.map((item) => item.name),
      ['South coast', 'North']
    )

    await regions(page).getByRole('button', { name: 'Delete' }).first().click()
    await page
      .getByRole('alertdialog', { name: 'Delete South coast?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await page.getByText('South coast was deleted.', { exact: true }).waitFor()
    stored = await callFromPage<Item[]>(page, 'GET', '/api/regions')
    assert.deepEqual(
      stored.map((item) => item.name),
      ['North']
    )
  })

  test('choosing another default status clears the old one', async ({
    browserContext,
    assert,
    cleanup,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    // The stack is shared: later tests book people with the old default status.
    const before = await callFromPage<Item[]>(page, 'GET', '/api/statuses')
    const oldDefault = before.find((item) => item.isDefault)
    cleanup(async () => {
      if (oldDefault) {
        await callFromPage(page, 'PATCH', `/api/statuses/${oldDefault.id}`, { isDefault: true })
      }
    })
    await page.goto(`${stack.url('schedule')}/settings`)
    const statuses = page.getByRole('region', { name: 'Booking statuses' })
    await statuses.getByRole('radio', { name: 'Confirmed is the default' }).click()
    await statuses.getByText('Saved').waitFor()
    assert.isFalse(
      await statuses.getByRole('radio', { name: 'Pencilled is the default' }).isChecked()
    )

    const stored = await callFromPage<Item[]>(page, 'GET', '/api/statuses')
    assert.deepEqual(
      stored.filter((item) => item.isDefault).map((item) => item.name),
      ['Confirmed']
    )
  })
})
