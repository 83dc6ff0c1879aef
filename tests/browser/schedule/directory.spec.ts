import { test } from '@japa/runner'
import type { LocalStack } from '#services/shared/local_stack'
import { startBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { callFromPage, signInToSchedule } from '#tests/helpers/schedule_browser'

type Record = { id: number; name: string }

/**
 * The directory in Chromium against the real stack: a long crew list that
 * only renders what is in view, a crew member added, found, edited, noted,
 * linked to a vendor and shared, then deleted to the trash.
 */
test.group('schedule directory in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await startBrowserStack('schedule_directory'))
    return () => stack.stop()
  })

  test('hundreds of crew scroll as a virtual list and search narrows it', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    for (let index = 1; index <= 300; index++) {
      await callFromPage(page, 'POST', '/api/crew', {
        name: `Crew ${String(index).padStart(3, '0')}`,
      })
    }
    await page.goto(`${stack.url('schedule')}/directory`)
    await page.getByText('300 crew members').waitFor()
    const list = page.getByRole('list', { name: 'Crew' })
    const rendered = await list.getByRole('listitem').count()
    assert.isAbove(rendered, 5)
    assert.isBelow(rendered, 60)

    await list.evaluate((element) => element.scrollTo(0, element.scrollHeight))
    await list.getByRole('button', { name: /^Crew 300/ }).waitFor()

    await page.getByRole('searchbox', { name: 'Search crew members' }).fill('crew 12')
    await page.getByText('10 of 300 crew members').waitFor()
    await list.getByRole('button', { name: /^Crew 120/ }).waitFor()
  })

  test('a crew member is added, edited, noted, linked, shared and deleted', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    await callFromPage<Record>(page, 'POST', '/api/vendors', { name: 'Sparks Ltd' })
    await page.goto(`${stack.url('schedule')}/directory`)

    await page.getByRole('button', { name: 'New crew member' }).click()
    const form = page.getByRole('form', { name: 'New crew member' })
    await form.getByLabel('Name').fill('Morgan Focus')
    await form.getByLabel('Email').fill('morgan@example.com')
    await form.getByRole('button', { name: 'Add crew member' }).click()
    await page.getByText('Morgan Focus was added.').waitFor()

    const details = page.getByRole('form', { name: 'Details of Morgan Focus' })
    await details.getByLabel('Phone').fill('+44 20 7946 0000')
    await details.getByRole('button', { name: 'Save' }).click()
    await details.getByText('Saved.').waitFor()

    await page.getByRole('textbox', { name: 'New note' }).fill('Has a drone licence')
    await page.getByRole('button', { name: 'Add note' }).click()
    await page.getByText('Has a drone licence').waitFor()

    await page.getByRole('combobox', { name: 'Link a vendor' }).fill('spark')
    await page.getByRole('option', { name: 'Sparks Ltd' }).click()
    await page.getByRole('link', { name: 'Sparks Ltd' }).waitFor()

    await page.getByRole('button', { name: 'Create share link' }).click()
    await page.getByText('Share link created. Copy it to send it.').waitFor()
    const address = await page.getByRole('textbox', { name: 'Address of share link' }).inputValue()
    assert.match(address, /\/share\/[\w-]{43}$/)

    const crew = await callFromPage<(Record & { phone: string })[]>(
      page,
      'GET',
      '/api/crew?search=Morgan'
    )
    assert.equal(crew[0].phone, '+44 20 7946 0000')

    await page.getByRole('button', { name: 'Delete crew member' }).click()
    await page
      .getByRole('dialog', { name: 'Delete Morgan Focus?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await page.getByText('Morgan Focus moved to the trash.', { exact: false }).waitFor()
    await page.getByRole('button', { name: /^Morgan Focus/ }).waitFor({ state: 'detached' })
    const trash = await callFromPage<Record[]>(page, 'GET', '/api/trash/crew')
    assert.deepEqual(
      trash.map((item) => item.name),
      ['Morgan Focus']
    )
  })
})
