import { test } from '@japa/runner'
import type { Page, Route } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { callFromPage, recordApiReads, signInToSchedule } from '#tests/helpers/schedule_browser'
import { pressSpace } from '#tests/helpers/keyboard_drag'

type Record = { id: number; name: string }
type RosterEntry = {
  name: string
  statusId: number | null
  dayNotes: { date: string; isScheduled: boolean }[]
}

/**
 * The project page in Chromium against the real stack: people added by
 * name, a status and a day changed, the roster reordered from the keyboard
 * (kept after a reload), a refused reorder put back with an error, and a
 * double booking shown on the roster and marked resolved.
 */
test.group('schedule project page in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
  })

  async function openProject(page: Page, project: Record) {
    await page.goto(`${stack.url('schedule')}/projects/${project.id}`)
    await page.getByRole('heading', { name: project.name, level: 1 }).waitFor()
  }

  /** The roster's names, top to bottom, read from the drag handles. */
  async function rosterOrder(page: Page) {
    const handles = await page.getByRole('button', { name: /^Move / }).all()
    return Promise.all(
      handles.map(async (handle) =>
        ((await handle.getAttribute('aria-label')) ?? '').replace(/^Move /, '')
      )
    )
  }

  /**
   * Waits until the drag-and-drop live region tells a screen reader that the
   * dragged row `dragged` is over the row `over` (roster keys such as `crew-4`). dnd-kit
   * measures each keyboard step against the rows as they stood after the last
   * one, so the next key waits for this: a key pressed while the page is still
   * busy (say, rendering the reload after a save) would be measured against
   * the old rows and the step lost.
   */
  async function announcedOver(page: Page, dragged: string, over: string) {
    await page
      .locator('[id^="DndLiveRegion"]')
      .filter({ hasText: `Draggable item ${dragged} was moved over droppable area ${over}.` })
      .waitFor({ state: 'attached' })
  }

  async function moveUp(page: Page, name: string, steps: number) {
    const rows = await page.locator('[data-testid^="roster-"]').all()
    const ids = await Promise.all(
      rows.map(async (row) => ((await row.getAttribute('data-testid')) ?? '').slice(7))
    )
    const names = await rosterOrder(page)
    const from = names.indexOf(name)
    await page.getByRole('button', { name: `Move ${name}`, exact: true }).focus()
    await pressSpace(page)
    await announcedOver(page, ids[from], ids[from])
    // dnd-kit's keyboard sensor starts listening for arrow keys in a
    // setTimeout after the pick-up; a page task queued now runs after it.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)))
    for (let step = 1; step <= steps; step++) {
      await page.keyboard.press('ArrowUp')
      await announcedOver(page, ids[from], ids[from - step])
    }
    await pressSpace(page)
  }

  test('people are added by name, edited, and the roster is reordered', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const project = await callFromPage<Record>(page, 'POST', '/api/projects', {
      name: 'Lighthouse promo',
      startDate: '2031-06-02',
      endDate: '2031-06-04',
    })
    await callFromPage(page, 'POST', '/api/crew', { name: 'Ana Boom' })
    await callFromPage(page, 'POST', '/api/crew', { name: 'Ben Focus' })
    await callFromPage(page, 'POST', '/api/vendors', { name: 'Lamp Hire' })
    const statuses = await callFromPage<Record[]>(page, 'GET', '/api/statuses')
    const confirmed = statuses.find((status) => status.name === 'Confirmed')!
    // The picker's names come with the page: adding people reads nothing from the JSON API.
    const apiReads = recordApiReads(page)

    await openProject(page, project)
    await page.getByText('Nobody is booked yet.').waitFor()
    const picker = page.getByRole('combobox', { name: 'Add a crew member or vendor' })
    for (const [typed, name] of [
      ['ana', 'Ana Boom'],
      ['focus', 'Ben Focus'],
      ['lamp', 'Lamp Hire'],
    ]) {
      await picker.fill(typed)
      // Other tests' people share the stack ("Audit Lamp Hire"): this test's own start the name.
      await page.getByRole('option', { name: new RegExp(`^${name}`) }).click()
      await page.getByRole('button', { name: `Move ${name}`, exact: true }).waitFor()
    }
    assert.deepEqual(await rosterOrder(page), ['Ana Boom', 'Ben Focus', 'Lamp Hire'])
    assert.deepEqual(apiReads, [])

    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH')
    await page.getByLabel('Status of Ben Focus').selectOption(String(confirmed.id))
    await saved
    const dayToggled = page.waitForResponse((response) => response.url().endsWith('/api/notes'))
    await page
      .getByRole('group', { name: 'Days of Ana Boom' })
      .getByRole('button', { name: 'Tue 3 Jun 2031: working' })
      .click()
    await dayToggled
    await page.getByRole('group', { name: 'Days of Ana Boom' }).getByText('2 of 3 days').waitFor()

    const reordered = page.waitForResponse((response) => response.url().endsWith('/roster/order'))
    await moveUp(page, 'Lamp Hire', 2)
    const response = await reordered
    assert.equal(response.status(), 200)
    assert.deepEqual(await rosterOrder(page), ['Lamp Hire', 'Ana Boom', 'Ben Focus'])

    await page.reload()
    await page.getByRole('button', { name: 'Move Lamp Hire', exact: true }).waitFor()
    assert.deepEqual(await rosterOrder(page), ['Lamp Hire', 'Ana Boom', 'Ben Focus'])
    const roster = await callFromPage<RosterEntry[]>(
      page,
      'GET',
      `/api/projects/${project.id}/roster`
    )
    assert.equal(roster.find((entry) => entry.name === 'Ben Focus')!.statusId, confirmed.id)
    assert.deepEqual(
      roster
        .find((entry) => entry.name === 'Ana Boom')!
        .dayNotes.map(({ date, isScheduled }) => ({ date, isScheduled })),
      [{ date: '2031-06-03', isScheduled: false }]
    )
    const activity = page.getByRole('region', { name: 'Activity' })
    await activity.getByText('Added Ana Boom to "Lighthouse promo"').waitFor()
    // Changes in words, with names: no field names or ids.
    await activity.getByText('status Pencilled → Confirmed', { exact: false }).waitFor()
    assert.notMatch(await activity.innerText(), /statusId|crewRoleId/)
  })

  test('a reorder the server refuses puts the old order back and says why', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const project = await callFromPage<Record>(page, 'POST', '/api/projects', {
      name: 'Night market',
      startDate: '2031-07-01',
      endDate: '2031-07-01',
    })
    for (const name of ['Cleo Dolly', 'Dev Jib']) {
      const crew = await callFromPage<Record>(page, 'POST', '/api/crew', { name })
      await callFromPage(page, 'POST', `/api/projects/${project.id}/crew`, { crewId: crew.id })
    }
    await openProject(page, project)
    await page.route('**/roster/order', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The database is not answering' }),
      })
    )

    await moveUp(page, 'Dev Jib', 1)
    // The kit's toasts are Radix toasts: an error is a status that stays until dismissed (while
    // it is announced, Radix's announcement is a second status with the same words).
    await page
      .getByRole('status')
      .filter({ hasText: 'Could not save the new order, so the old one is back' })
      .filter({ hasText: 'The database is not answering' })
      .first()
      .waitFor()
    assert.deepEqual(await rosterOrder(page), ['Cleo Dolly', 'Dev Jib'])
  })

  test('a double booking shows on the roster and is marked resolved there', async ({
    browserContext,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const crew = await callFromPage<Record>(page, 'POST', '/api/crew', { name: 'Eli Grip' })
    const first = await callFromPage<Record>(page, 'POST', '/api/projects', {
      name: 'Bridge commercial',
      startDate: '2031-08-04',
      endDate: '2031-08-06',
    })
    const second = await callFromPage<Record>(page, 'POST', '/api/projects', {
      name: 'Rooftop interview',
      startDate: '2031-08-06',
      endDate: '2031-08-06',
    })
    await callFromPage(page, 'POST', `/api/projects/${second.id}/crew`, { crewId: crew.id })

    await openProject(page, first)
    await page.getByRole('combobox', { name: 'Add a crew member or vendor' }).fill('eli')
    await page.getByRole('option', { name: 'Eli Grip' }).click()
    await page
      .getByText('Eli Grip is double-booked on 6 Aug (also on Rooftop interview).', { exact: true })
      .waitFor()
    await page.getByText('Double-booked on Wed 6 Aug 2031 with').waitFor()
    await page.getByRole('link', { name: '1 double booking' }).waitFor()

    await page.getByRole('button', { name: 'Mark resolved' }).click()
    await page.getByLabel('Why it is fine (optional)').fill('Half day on each')
    await page.getByRole('button', { name: 'Resolve' }).click()
    await page.getByText('Resolved by Demo Admin').waitFor()
    await page.getByText('“Half day on each”', { exact: false }).waitFor()
    await page.getByRole('link', { name: '1 double booking' }).waitFor({ state: 'detached' })
  })
  test("a day's fields typed one after the other without a pause are all there after a reload", async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const project = await callFromPage<Record>(page, 'POST', '/api/projects', {
      name: 'Harbour documentary',
      startDate: '2031-09-01',
      endDate: '2031-09-03',
    })
    await openProject(page, project)
    const day = page.getByTestId('day-2031-09-02')
    // As on a slow connection: the saves of the four fields are held until all four are on
    // their way, then reach the server together.
    const held: Route[] = []
    let released = false
    let allSent!: () => void
    const fourSent = new Promise<void>((resolve) => (allSent = resolve))
    await page.route(`**/api/projects/${project.id}/day-info/2031-09-02`, async (route) => {
      if (released) {
        return route.continue()
      }
      held.push(route)
      if (held.length === 4) {
        allSent()
      }
    })

    await day.getByLabel('Title of Tue 2 Sep 2031').fill('Studio day')
    await page.keyboard.press('Tab')
    await day.getByLabel('Call time on Tue 2 Sep 2031').fill('07:30')
    await page.keyboard.press('Tab')
    await day.getByLabel('Wrap time on Tue 2 Sep 2031').fill('19:00')
    await page.keyboard.press('Tab')
    await day.getByLabel('Notes on Tue 2 Sep 2031').fill('Load in at the back door')
    await page.keyboard.press('Tab')
    await fourSent
    released = true
    const answers = await Promise.all(
      held.map(async (route) => {
        await route.continue()
        const response = await route.request().response()
        return response?.status()
      })
    )
    assert.deepEqual(answers, [200, 200, 200, 200])
    await day.getByText('Saved', { exact: true }).waitFor()
    assert.equal(await day.locator('.ui-inline-status-error').count(), 0)

    await page.reload()
    await page.getByRole('heading', { name: project.name, level: 1 }).waitFor()
    const reloaded = page.getByTestId('day-2031-09-02')
    assert.deepEqual(
      await Promise.all(
        ['Title of', 'Call time on', 'Wrap time on', 'Notes on'].map((label) =>
          reloaded.getByLabel(`${label} Tue 2 Sep 2031`).inputValue()
        )
      ),
      ['Studio day', '07:30', '19:00', 'Load in at the back door']
    )
  })

  test('a refused title stays as typed with the reason beside it, and never says Saved', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const project = await callFromPage<Record>(page, 'POST', '/api/projects', {
      name: 'Lake swim',
      startDate: '2031-10-06',
      endDate: '2031-10-07',
    })
    await openProject(page, project)
    const day = page.getByTestId('day-2031-10-06')
    const title = day.getByLabel('Title of Mon 6 Oct 2031')
    const tooLong = `Sunrise ${'x'.repeat(200)}`

    await title.fill(tooLong)
    await page.keyboard.press('Tab')
    const reason = day.locator('#day-2031-10-06-title-error')
    await reason.waitFor()
    assert.include(await reason.innerText(), '200 characters')
    assert.equal(await title.inputValue(), tooLong)
    assert.equal(await title.getAttribute('aria-invalid'), 'true')
    assert.equal(await title.getAttribute('aria-describedby'), 'day-2031-10-06-title-error')
    await day.getByText('Not saved').waitFor()
    assert.equal(await day.getByText('Saved', { exact: true }).count(), 0)

    await title.fill('Sunrise swim')
    await page.keyboard.press('Tab')
    await day.getByText('Saved', { exact: true }).waitFor()
    assert.equal(await reason.count(), 0)
    assert.isNull(await title.getAttribute('aria-invalid'))

    await page.reload()
    await page.getByRole('heading', { name: project.name, level: 1 }).waitFor()
    assert.equal(
      await page.getByTestId('day-2031-10-06').getByLabel('Title of Mon 6 Oct 2031').inputValue(),
      'Sunrise swim'
    )
  })

  test('a note refused while the day was off the project is kept, and Retry saves it once the day is back', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const project = await callFromPage<Record>(page, 'POST', '/api/projects', {
      name: 'Vineyard shoot',
      startDate: '2031-11-03',
      endDate: '2031-11-05',
    })
    await openProject(page, project)
    // Someone else shortens the project while this page still shows its last day.
    await callFromPage(page, 'PATCH', `/api/projects/${project.id}`, { endDate: '2031-11-04' })

    const day = page.getByTestId('day-2031-11-05')
    const notes = day.getByLabel('Notes on Wed 5 Nov 2031')
    await notes.fill('Pick up the drone')
    await page.keyboard.press('Tab')
    const reason = day.locator('#day-2031-11-05-notes-error')
    await reason.waitFor()
    assert.include(await reason.innerText(), 'does not run on 5 Nov 2031')
    assert.equal(await notes.inputValue(), 'Pick up the drone')
    assert.equal(await day.getByText('Saved', { exact: true }).count(), 0)

    await callFromPage(page, 'PATCH', `/api/projects/${project.id}`, { endDate: '2031-11-05' })
    await day.getByRole('button', { name: 'Retry' }).click()
    await day.getByText('Saved', { exact: true }).waitFor()
    assert.equal(await reason.count(), 0)

    const saved = await callFromPage<{ date: string; notes: string | null }[]>(
      page,
      'GET',
      `/api/projects/${project.id}/day-info`
    )
    assert.deepEqual(
      saved.map(({ date, notes: text }) => ({ date, notes: text })),
      [{ date: '2031-11-05', notes: 'Pick up the drone' }]
    )
  })
  test('a day clicked three times while its first save is on its way ends the way it was last clicked', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const project = await callFromPage<Record>(page, 'POST', '/api/projects', {
      name: 'Forest trail',
      startDate: '2031-12-01',
      endDate: '2031-12-02',
    })
    const crew = await callFromPage<Record>(page, 'POST', '/api/crew', { name: 'Fay Boom' })
    await callFromPage(page, 'POST', `/api/projects/${project.id}/crew`, { crewId: crew.id })
    await openProject(page, project)
    // As on a slow connection: nothing reaches the server until the clicks are done.
    const held: Route[] = []
    let released = false
    await page.route('**/api/notes', async (route) => {
      if (released) {
        return route.continue()
      }
      held.push(route)
    })

    const days = page.getByRole('group', { name: 'Days of Fay Boom' })
    await days.getByRole('button', { name: 'Mon 1 Dec 2031: working' }).click()
    await days.getByRole('button', { name: 'Mon 1 Dec 2031: not working' }).click()
    await days.getByRole('button', { name: 'Mon 1 Dec 2031: working' }).click()
    await days.getByRole('button', { name: 'Mon 1 Dec 2031: not working' }).waitFor()

    // One save on its way; the clicks made meanwhile wait behind it, and the last of them
    // (not working, which the first save already sends) needs no second one.
    assert.lengthOf(held, 1)
    released = true
    const answer = await held[0].continue().then(() => held[0].request().response())
    assert.equal(answer?.status(), 200)

    await page.reload()
    await page.getByRole('heading', { name: project.name, level: 1 }).waitFor()
    await page
      .getByRole('group', { name: 'Days of Fay Boom' })
      .getByRole('button', { name: 'Mon 1 Dec 2031: not working' })
      .waitFor()
  })
  test('the activity log pages back and forth, newest first', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const project = await callFromPage<Record>(page, 'POST', '/api/projects', {
      name: 'Paging shoot',
      startDate: '2032-01-05',
      endDate: '2032-01-06',
    })
    // The project's creation and 20 tasks: one more entry than a page holds.
    for (let number = 1; number <= 20; number++) {
      await callFromPage(page, 'POST', '/api/project-tasks', {
        projectId: project.id,
        text: `Paging task ${number}`,
      })
    }
    await openProject(page, project)
    const activity = page.getByRole('region', { name: 'Activity' })
    const pager = activity.getByRole('navigation', { name: 'Pages' })
    await pager.getByText('Page 1 of 2 · 21 entries').waitFor()
    assert.equal(await activity.getByRole('listitem').count(), 20)
    await activity.getByText("Added task 'Paging task 20'").waitFor()
    assert.equal(await activity.getByText('Created project "Paging shoot"').count(), 0)
    assert.isTrue(await pager.getByRole('button', { name: 'Previous' }).isDisabled())

    await pager.getByRole('button', { name: 'Next' }).click()
    await pager.getByText('Page 2 of 2 · 21 entries').waitFor()
    await activity.getByText('Created project "Paging shoot"', { exact: false }).waitFor()
    assert.equal(await activity.getByRole('listitem').count(), 1)
    assert.isTrue(await pager.getByRole('button', { name: 'Next' }).isDisabled())

    await pager.getByRole('button', { name: 'Previous' }).click()
    await pager.getByText('Page 1 of 2 · 21 entries').waitFor()
    await activity.getByText("Added task 'Paging task 20'").waitFor()
  })
  test('tasks are added, ticked, reworded and deleted; share links are created, copied, revoked and deleted after asking', async ({
    browserContext,
    assert,
  }) => {
    await browserContext.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: stack.url('schedule'),
    })
    const page = await signInToSchedule(browserContext, stack, seed)
    const project = await callFromPage<Record>(page, 'POST', '/api/projects', {
      name: 'Checklist shoot',
      startDate: '2032-01-12',
      endDate: '2032-01-12',
    })
    await openProject(page, project)

    const tasks = page.getByRole('region', { name: 'Tasks' })
    await tasks.getByText('No tasks yet').waitFor()
    await tasks.getByRole('textbox', { name: 'New task' }).fill('Book the van')
    await tasks.getByRole('button', { name: 'Add task' }).click()
    const box = tasks.getByRole('checkbox', { name: 'Book the van' })
    await box.waitFor()
    const ticked = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' && response.url().includes('/api/project-tasks/')
    )
    await box.check()
    const tickAnswer = await ticked
    assert.equal(tickAnswer.status(), 200)
    await tasks.getByText('1 of 1 done').waitFor()
    await tasks.getByRole('button', { name: 'Edit Book the van' }).click()
    await tasks.getByRole('textbox', { name: 'Task', exact: true }).fill('Book the big van')
    await tasks.getByRole('button', { name: 'Save' }).click()
    await tasks.getByRole('checkbox', { name: 'Book the big van' }).waitFor()
    assert.isTrue(await tasks.getByRole('checkbox', { name: 'Book the big van' }).isChecked())
    await tasks.getByRole('button', { name: 'Delete Book the big van' }).click()
    await tasks.getByText('No tasks yet').waitFor()
    assert.deepEqual(
      await callFromPage<unknown[]>(page, 'GET', `/api/project-tasks?projectId=${project.id}`),
      []
    )

    const sharing = page.getByRole('region', { name: 'Share links' })
    await sharing.getByLabel('Label (optional)').fill('For the client')
    await sharing.getByRole('button', { name: 'Create share link' }).click()
    await page.getByText('Share link created. Copy it to send it.', { exact: true }).waitFor()
    const address = await sharing
      .getByRole('textbox', { name: 'Address of For the client' })
      .inputValue()
    assert.match(address, /\/share\/[\w-]{43}$/)
    assert.equal(await sharing.getByLabel('Label (optional)').inputValue(), '')

    await sharing.getByRole('button', { name: 'Copy link' }).click()
    await page.getByText('Link copied.', { exact: true }).waitFor()
    assert.equal(await page.evaluate<string>('navigator.clipboard.readText()'), address)

    await sharing.getByRole('button', { name: 'Actions for For the client' }).click()
    await page.getByRole('menuitem', { name: 'Revoke…' }).click()
    await page
      .getByRole('alertdialog', { name: 'Revoke this share link?' })
      .getByRole('button', { name: 'Revoke' })
      .click()
    await sharing.getByText('Revoked', { exact: true }).waitFor()
    assert.equal(await sharing.getByRole('button', { name: 'Copy link' }).count(), 0)
    // The link no longer opens for whoever has it.
    const visit = await browserContext.request.get(address)
    assert.equal(visit.status(), 410)

    await sharing.getByRole('button', { name: 'Actions for For the client' }).click()
    await page.getByRole('menuitem', { name: 'Delete…' }).click()
    await page
      .getByRole('alertdialog', { name: 'Delete this share link?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await sharing.getByText('No share links yet', { exact: false }).waitFor()
  })
})
