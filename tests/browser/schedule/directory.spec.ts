import { test } from '@japa/runner'
import type { Page, Route } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { callFromPage, recordApiReads, signInToSchedule } from '#tests/helpers/schedule_browser'

type Record = { id: number; name: string }
type Note = { id: number; body: string; pinned: boolean }

/**
 * Holds the page's PATCH requests to `url` (as on a slow connection) until
 * the test lets each one go; `count(n)` resolves once n have been sent.
 */
async function holdSaves(page: Page, url: string) {
  const held: Route[] = []
  const waiters: { count: number; resolve: () => void }[] = []
  await page.route(url, (route) => {
    if (route.request().method() !== 'PATCH') {
      return route.continue()
    }
    held.push(route)
    for (const waiter of waiters.filter((candidate) => candidate.count <= held.length)) {
      waiter.resolve()
    }
  })
  return {
    held,
    count: (count: number) =>
      new Promise<void>((resolve) => {
        if (held.length >= count) {
          resolve()
        } else {
          waiters.push({ count, resolve })
        }
      }),
    /** Lets the nth held save reach the server; its answer's status. */
    async release(index: number) {
      await held[index].continue()
      const response = await held[index].request().response()
      return response?.status()
    },
  }
}

/**
 * The directory in Chromium against the real stack: a long crew list that
 * only renders what is in view, a crew member added, found, edited, noted,
 * linked to a vendor and shared, then deleted to the trash.
 */
test.group('schedule directory in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
  })

  test('hundreds of crew scroll as a virtual list and search narrows it', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    // Crew that other tests made on the shared stack count too.
    const others = await callFromPage<unknown[]>(page, 'GET', '/api/crew')
    const total = others.length + 300
    for (let index = 1; index <= 300; index++) {
      await callFromPage(page, 'POST', '/api/crew', {
        name: `Crew ${String(index).padStart(3, '0')}`,
      })
    }
    await page.goto(`${stack.url('schedule')}/directory`)
    await page.getByText(`${total} crew members`).waitFor()
    const list = page.getByRole('list', { name: 'Crew' })
    const rendered = await list.getByRole('listitem').count()
    assert.isAbove(rendered, 5)
    assert.isBelow(rendered, 60)

    // The browser's element; the server's TypeScript program has no DOM library.
    await list.evaluate((element) => {
      const scroller = element as unknown as {
        scrollTo(x: number, y: number): void
        scrollHeight: number
      }
      scroller.scrollTo(0, scroller.scrollHeight)
    })
    await list.getByRole('button', { name: /^Crew 300/ }).waitFor()

    await page.getByRole('searchbox', { name: 'Search crew members' }).fill('crew 12')
    await page.getByText(`10 of ${total} crew members`).waitFor()
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
    await page.getByText('Morgan Focus was added.', { exact: true }).waitFor()

    const details = page.getByRole('form', { name: 'Details of Morgan Focus' })
    await details.getByLabel('Phone').fill('+44 20 7946 0000')
    await details.getByRole('button', { name: 'Save' }).click()
    await details.getByRole('status').getByText('Saved', { exact: true }).waitFor()

    await page.getByRole('textbox', { name: 'New note' }).fill('Has a drone licence')
    await page.getByRole('button', { name: 'Add note' }).click()
    await page.getByText('Has a drone licence').waitFor()

    await page.getByRole('combobox', { name: 'Link a vendor' }).fill('spark')
    await page.getByRole('option', { name: 'Sparks Ltd' }).click()
    await page.getByRole('link', { name: 'Sparks Ltd' }).waitFor()

    await page.getByRole('button', { name: 'Create share link' }).click()
    await page.getByText('Share link created. Copy it to send it.', { exact: true }).waitFor()
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
      .getByRole('alertdialog', { name: 'Delete Morgan Focus?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await page
      .getByText('Morgan Focus moved to the trash. Restore it there within 30 days.', {
        exact: true,
      })
      .waitFor()
    await page.getByRole('button', { name: /^Morgan Focus/ }).waitFor({ state: 'detached' })
    // Other tests' crew may wait in the shared stack's trash too.
    const trash = await callFromPage<Record[]>(page, 'GET', '/api/trash/crew')
    assert.deepEqual(
      trash.map((item) => item.name).filter((name) => name === 'Morgan Focus'),
      ['Morgan Focus']
    )
  })

  test('opening a record shows its bookings, links, notes and share links with no request to /api; the address opens it again', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const tess = await callFromPage<Record>(page, 'POST', '/api/crew', { name: 'Tess Lamp' })
    const uma = await callFromPage<Record>(page, 'POST', '/api/crew', { name: 'Uma Dolly' })
    const vendor = await callFromPage<Record>(page, 'POST', '/api/vendors', { name: 'Dolly Co' })
    await callFromPage(page, 'POST', '/api/crew-vendor-links', {
      crewId: uma.id,
      vendorId: vendor.id,
    })
    // Upcoming: the panel lists a year's bookings from today.
    const soon = new Date(Date.now() + 20 * 24 * 3600 * 1000).toISOString().slice(0, 10)
    const project = await callFromPage<Record>(page, 'POST', '/api/projects', {
      name: 'Canal night shoot',
      startDate: soon,
      endDate: soon,
    })
    await callFromPage(page, 'POST', `/api/projects/${project.id}/crew`, { crewId: uma.id })
    for (const [crew, body] of [
      [tess, 'Knows the harbour master'],
      [uma, 'Bring the long cable'],
    ] as const) {
      await callFromPage(page, 'POST', '/api/resource-notes', {
        resourceType: 'crew',
        resourceId: crew.id,
        body,
      })
    }
    await callFromPage(page, 'POST', '/api/share', {
      resourceType: 'crew',
      resourceId: uma.id,
      label: 'For the producer',
    })
    // The page's data comes as props: from here on it should read nothing from the JSON API.
    const apiReads = recordApiReads(page)

    await page.goto(`${stack.url('schedule')}/directory?id=${tess.id}`)
    const detail = (name: string) => page.getByRole('article', { name })
    await detail('Tess Lamp').getByText('Knows the harbour master').waitFor()

    await page.getByRole('searchbox', { name: 'Search crew members' }).fill('Uma Dolly')
    await page
      .getByRole('list', { name: 'Crew' })
      .getByRole('button', { name: /^Uma Dolly/ })
      .click()
    const umaDetail = detail('Uma Dolly')
    await umaDetail.getByText('Bring the long cable').waitFor()
    await umaDetail.getByRole('link', { name: 'Canal night shoot' }).waitFor()
    await umaDetail.getByRole('link', { name: 'Dolly Co' }).waitFor()
    await umaDetail.getByText('For the producer').waitFor()
    assert.equal(await detail('Tess Lamp').count(), 0)
    assert.equal(new URL(page.url()).searchParams.get('id'), String(uma.id))
    assert.deepEqual(apiReads, [])

    // The address is the open record: a reload (or a shared link) opens Uma again.
    await page.reload()
    await detail('Uma Dolly').getByText('Bring the long cable').waitFor()
    assert.deepEqual(apiReads, [])
  })

  test('on a phone a record opens in place of the list, is edited there, and leads back to the list', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const staff = await signInToSchedule(browserContext, stack, seed)
    await callFromPage<Record>(staff, 'POST', '/api/crew', { name: 'Pip Handheld' })
    const phone = await browser.newContext({
      storageState: await browserContext.storageState(),
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
    const page = await phone.newPage()
    await page.goto(`${stack.url('schedule')}/directory`)
    await page.getByRole('searchbox', { name: 'Search crew members' }).fill('Pip Handheld')
    const list = page.getByRole('list', { name: 'Crew' })
    await list.getByRole('button', { name: /^Pip Handheld/ }).click()

    const detail = page.getByRole('article', { name: 'Pip Handheld' })
    const form = detail.getByRole('form', { name: 'Details of Pip Handheld' })
    // The tapped row went with the list: focus moves to the record's heading.
    await page.waitForFunction(
      "document.activeElement?.tagName === 'H2' && document.activeElement.textContent === 'Pip Handheld'"
    )
    await form.getByLabel('Phone').fill('+44 20 7946 0202')
    assert.isFalse(await list.isVisible(), 'the record takes the list’s place')
    await form.getByRole('button', { name: 'Save' }).click()
    await form.getByRole('status').getByText('Saved', { exact: true }).waitFor()
    await page.waitForURL((url) => url.searchParams.has('id'))

    await detail.getByRole('button', { name: 'All crew members' }).click()
    await list.getByRole('button', { name: /^Pip Handheld/ }).waitFor()
    assert.equal(await detail.count(), 0)
    // The address follows once the partial reload is answered.
    await page.waitForURL((url) => !url.searchParams.has('id'))
    const crew = await callFromPage<(Record & { phone: string })[]>(
      page,
      'GET',
      '/api/crew?search=Pip%20Handheld'
    )
    assert.equal(crew[0].phone, '+44 20 7946 0202')
    await phone.close()
  })

  async function openDirectory(page: Page, name: string) {
    await page.goto(`${stack.url('schedule')}/directory`)
    await page.getByRole('searchbox', { name: 'Search crew members' }).fill(name)
    await page
      .getByRole('list', { name: 'Crew' })
      .getByRole('button', { name: `Star ${name}` })
      .waitFor()
  }

  /** Whether the server has the crew member starred. */
  async function isStarred(page: Page, name: string) {
    const found = await callFromPage<(Record & { starred: boolean })[]>(
      page,
      'GET',
      `/api/crew?search=${encodeURIComponent(name)}`
    )
    return found[0].starred
  }

  /** Whether the server has the note pinned. */
  async function isPinned(page: Page, crewId: number, noteId: number) {
    const notes = await callFromPage<Note[]>(
      page,
      'GET',
      `/api/resource-notes?resourceType=crew&resourceId=${crewId}`
    )
    return notes.find((note) => note.id === noteId)!.pinned
  }

  test('a star clicked again while its first save is on its way is saved after it, and ends as last clicked', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const crew = await callFromPage<Record>(page, 'POST', '/api/crew', { name: 'Quinn Gaffer' })
    await openDirectory(page, 'Quinn Gaffer')
    const saves = await holdSaves(page, `**/api/crew/${crew.id}`)
    const star = page.getByRole('button', { name: 'Star Quinn Gaffer' })

    await star.click()
    await saves.count(1)
    await star.click()
    assert.equal(await star.getAttribute('aria-pressed'), 'false')
    // A request the page makes after the second click: a save sent at that click would be held by now.
    assert.isFalse(await isStarred(page, 'Quinn Gaffer'))
    assert.lengthOf(saves.held, 1, 'the second click waits for the first save')
    assert.deepEqual(saves.held[0].request().postDataJSON(), { starred: true })

    assert.equal(await saves.release(0), 200)
    await saves.count(2)
    assert.deepEqual(saves.held[1].request().postDataJSON(), { starred: false })
    assert.equal(await saves.release(1), 200)
    await page.locator('button[aria-label="Star Quinn Gaffer"]:not([aria-busy])').waitFor()
    assert.equal(await star.getAttribute('aria-pressed'), 'false')
    assert.isFalse(await isStarred(page, 'Quinn Gaffer'))

    await openDirectory(page, 'Quinn Gaffer')
    assert.equal(
      await page.getByRole('button', { name: 'Star Quinn Gaffer' }).getAttribute('aria-pressed'),
      'false'
    )
  })

  test('a refused star says why in its row and is not stored; Retry stores it', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const crew = await callFromPage<Record>(page, 'POST', '/api/crew', { name: 'Rae Sound' })
    await openDirectory(page, 'Rae Sound')
    // Someone else moves the crew member to the trash while this page still lists them.
    await callFromPage(page, 'DELETE', `/api/crew/${crew.id}`)

    const star = page.getByRole('button', { name: 'Star Rae Sound' })
    await star.click()
    const reason = page.locator(`#star-${crew.id}-error`)
    await reason.waitFor()
    assert.match(await reason.innerText(), /^Not starred: Crew member not found/)
    assert.equal(await star.getAttribute('aria-invalid'), 'true')
    assert.equal(await star.getAttribute('aria-describedby'), `star-${crew.id}-error`)
    assert.include(await star.getAttribute('class'), 'sc-star-failed')

    await callFromPage(page, 'POST', `/api/trash/crew/${crew.id}/restore`)
    assert.isFalse(await isStarred(page, 'Rae Sound'), 'nothing was stored')
    const retried = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/crew/${crew.id}`) && response.request().method() === 'PATCH'
    )
    await page.getByRole('listitem').getByRole('button', { name: 'Retry' }).click()
    const answer = await retried
    assert.equal(answer.status(), 200)
    await page.locator('button[aria-label="Star Rae Sound"]:not([aria-busy])').waitFor()
    assert.equal(await reason.count(), 0)
    assert.isNull(await star.getAttribute('aria-invalid'))
    assert.equal(await star.getAttribute('aria-pressed'), 'true')
    assert.isTrue(await isStarred(page, 'Rae Sound'))
  })

  test('a note pinned and unpinned while the pin is on its way ends unpinned, one save at a time; a refused pin says why', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const crew = await callFromPage<Record>(page, 'POST', '/api/crew', { name: 'Sol Grip' })
    const notes = await Promise.all(
      ['Owns a dolly', 'Allergic to cats'].map((body) =>
        callFromPage<Note>(page, 'POST', '/api/resource-notes', {
          resourceType: 'crew',
          resourceId: crew.id,
          body,
        })
      )
    )
    const [dolly, cats] = notes
    await page.goto(`${stack.url('schedule')}/directory?id=${crew.id}`)
    const noteItem = (body: string) => page.getByRole('listitem').filter({ hasText: body })
    await noteItem('Owns a dolly').waitFor()
    const saves = await holdSaves(page, `**/api/resource-notes/${dolly.id}`)

    await noteItem('Owns a dolly').getByRole('button', { name: 'Pin', exact: true }).click()
    await saves.count(1)
    await noteItem('Owns a dolly').getByRole('button', { name: 'Unpin' }).click()
    await noteItem('Owns a dolly').getByRole('button', { name: 'Pin', exact: true }).waitFor()
    assert.isFalse(await isPinned(page, crew.id, dolly.id))
    assert.lengthOf(saves.held, 1, 'the unpin waits for the pin')
    assert.deepEqual(saves.held[0].request().postDataJSON(), { pinned: true })
    assert.equal(await saves.release(0), 200)
    await saves.count(2)
    assert.deepEqual(saves.held[1].request().postDataJSON(), { pinned: false })
    assert.equal(await saves.release(1), 200)
    await noteItem('Owns a dolly').getByText('Saving…').waitFor({ state: 'detached' })
    assert.equal(await noteItem('Owns a dolly').getByText('Pinned', { exact: true }).count(), 0)
    assert.isFalse(await isPinned(page, crew.id, dolly.id))

    // Someone else deletes the other note while this page still shows it.
    await callFromPage(page, 'DELETE', `/api/resource-notes/${cats.id}`)
    const catsItem = noteItem('Allergic to cats')
    await catsItem.getByRole('button', { name: 'Pin', exact: true }).click()
    const reason = page.locator(`#note-${cats.id}-pin-error`)
    await reason.waitFor()
    await reason.getByText('Not pinned: Note not found', { exact: true }).waitFor()
    assert.equal(await catsItem.getByText('Pinned', { exact: true }).count(), 0)
    assert.equal(
      await catsItem.getByRole('button', { name: 'Unpin' }).getAttribute('aria-describedby'),
      `note-${cats.id}-pin-error`
    )
    await catsItem.getByRole('button', { name: 'Retry' }).waitFor()
    // Taking the pin back sends nothing and clears the refusal.
    await catsItem.getByRole('button', { name: 'Unpin' }).click()
    await reason.waitFor({ state: 'detached' })
    await catsItem.getByRole('button', { name: 'Pin', exact: true }).waitFor()
  })
})
