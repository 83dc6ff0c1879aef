import { test } from '@japa/runner'
import type { BrowserContext, Locator, Page } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { toastMessage } from '#tests/helpers/schedule_browser'
import { pressSpace } from '#tests/helpers/keyboard_drag'

type Project = { id: number; name: string; startDate: string; endDate: string }
type Person = { id: number; name: string }

/**
 * The calendar in Chromium against the real stack: projects made and
 * changed by dragging in the month view, people booked and moved in people
 * mode, a double booking that appears when someone is dragged onto an
 * overlapping project, a refused move that puts the booking back, and what
 * bars and chips say (status, client, crew count, whole names).
 * Data is seeded through the app's own routes from the signed-in page.
 */
test.group('schedule calendar in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
  })

  async function signedIn(browserContext: BrowserContext) {
    const page = await browserContext.newPage()
    await page.setViewportSize({ width: 1700, height: 1000 })
    await page.goto(`${stack.url('schedule')}/calendar`)
    await page.waitForURL((url) => url.href.startsWith(`${stack.url('sso')}/login`))
    await page.getByLabel('Email').fill(seed.admin.email)
    await page.getByLabel('Password').fill(seed.admin.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('button', { name: /account menu/ }).waitFor()
    return page
  }

  async function openCalendar(page: Page, query: string) {
    await page.goto(`${stack.url('schedule')}/calendar?${query}`)
    await page.getByRole('heading', { level: 1 }).waitFor()
  }

  /** A request from inside the signed-in page, with its CSRF token: the routes the UI uses. */
  async function call<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
    const token = await page.locator('meta[name="csrf-token"]').getAttribute('content')
    return page.evaluate(
      async (request) => {
        const response = await fetch(request.url, {
          method: request.method,
          headers: {
            'accept': 'application/json',
            'content-type': 'application/json',
            'x-csrf-token': request.token ?? '',
          },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
        })
        const data = await response.json()
        if (!response.ok) {
          throw new Error(
            `${request.method} ${request.url}: ${response.status} ${JSON.stringify(data)}`
          )
        }
        return data
      },
      { method, url, body, token }
    ) as Promise<T>
  }

  function addCrew(page: Page, name: string) {
    return call<Person>(page, 'POST', '/api/crew', { name })
  }

  function addProject(page: Page, name: string, startDate: string, endDate: string) {
    return call<Project>(page, 'POST', '/api/projects', { name, startDate, endDate })
  }

  function book(page: Page, project: Project, crew: Person) {
    return call(page, 'POST', `/api/projects/${project.id}/crew`, { crewId: crew.id })
  }

  /**
   * Presses on `from` (in its middle, near its bottom, or 30 px in from its
   * left end), moves in steps (so the drag starts and follows the pointer)
   * and lets go over `to` at the same height within it.
   */
  async function drag(
    page: Page,
    from: Locator,
    to: Locator,
    grip: 'middle' | 'bottom' | 'left' = 'middle'
  ) {
    await to.scrollIntoViewIfNeeded()
    await from.scrollIntoViewIfNeeded()
    const start = await from.boundingBox()
    const end = await to.boundingBox()
    if (!start || !end) throw new Error('drag: an element is not on screen')
    const x = grip === 'left' ? start.x + 30 : start.x + start.width / 2
    const y = (box: { y: number; height: number }) =>
      grip === 'bottom' ? box.y + box.height - 6 : box.y + box.height / 2
    await page.mouse.move(x, y(start))
    await page.mouse.down()
    await page.mouse.move(x + 8, y(start), { steps: 4 })
    await page.mouse.move(end.x + end.width / 2, y(end), { steps: 12 })
    await page.mouse.up()
  }

  /** Picks `option` in the list (the kit's Select) labelled `label` inside `scope`. */
  async function choose(page: Page, scope: Locator, label: string, option: string) {
    await scope.getByLabel(label).click()
    await page.getByRole('option', { name: option, exact: true }).click()
  }

  function peopleCell(page: Page, person: string, day: string) {
    return page.getByTestId('people-grid').getByRole('gridcell', { name: `${person}, ${day}` })
  }

  /** What the live region last said while dragging: a key is pressed once the previous one took effect. */
  function announced(page: Page, text: string) {
    return page.getByRole('status').filter({ hasText: text }).waitFor({ state: 'attached' })
  }

  async function peopleGridReady(page: Page) {
    await page.locator('[data-testid="people-grid"][data-ready="true"]').waitFor()
  }

  test('dragging across days in the month view creates a project that is stored', async ({
    browserContext,
    assert,
  }) => {
    const page = await signedIn(browserContext)
    const client = await call<{ id: number; name: string }>(page, 'POST', '/api/clients', {
      name: `Harbour Films ${Date.now()}`,
    })
    await openCalendar(page, 'view=month&mode=projects&date=2030-11-01')
    await page.getByRole('heading', { name: 'November 2030' }).waitFor()

    await drag(
      page,
      page.getByRole('gridcell', { name: 'Tuesday 5 November 2030' }),
      page.getByRole('gridcell', { name: 'Thursday 7 November 2030' }),
      'bottom'
    )
    const dialog = page.getByRole('dialog', { name: 'New project' })
    await dialog.getByText('5 – 7 Nov 2030').waitFor()
    await dialog.getByLabel('Name').fill('Harbour shoot')
    // The page's props brought the clients: the one just added is there to pick.
    await choose(page, dialog, 'Client (optional)', client.name)
    await dialog.getByRole('button', { name: 'Create project' }).click()

    const bar = page.getByRole('button', { name: 'Harbour shoot, 5 – 7 Nov 2030' })
    await bar.waitFor()
    await toastMessage(page, 'Created Harbour shoot.').waitFor()

    await page.reload()
    await bar.waitFor()
    const stored = await call<(Project & { clientId: number | null })[]>(
      page,
      'GET',
      '/api/projects?from=2030-11-01&to=2030-11-30'
    )
    assert.deepEqual(
      stored.map(({ name, startDate, endDate, clientId }) => ({
        name,
        startDate,
        endDate,
        clientId,
      })),
      [
        {
          name: 'Harbour shoot',
          startDate: '2030-11-05',
          endDate: '2030-11-07',
          clientId: client.id,
        },
      ]
    )
  })

  test('dragging a project bar and its end changes its dates', async ({
    browserContext,
    assert,
  }) => {
    const page = await signedIn(browserContext)
    const project = await addProject(page, 'Lighthouse promo', '2030-12-02', '2030-12-03')
    await openCalendar(page, 'view=month&mode=projects&date=2030-12-01')

    const bar = page.getByRole('button', { name: 'Lighthouse promo, 2 – 3 Dec 2030' })
    await bar.waitFor()
    // A bar's date handles show while the pointer is over it.
    await bar.hover()
    await drag(
      page,
      page.getByRole('button', { name: 'Change the end date of Lighthouse promo' }),
      page.getByRole('gridcell', { name: 'Thursday 5 December 2030' })
    )
    await page.getByRole('button', { name: 'Lighthouse promo, 2 – 5 Dec 2030' }).waitFor()

    // Picked up on its first day, the 2nd, and dropped on the 9th: a week later.
    // The bar moves before the server has stored it: the reload below waits for the store.
    const moved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' &&
        response.url().endsWith(`/api/projects/${project.id}`) &&
        response.request().postData()?.includes('2030-12-09') === true
    )
    await drag(
      page,
      page.getByRole('button', { name: 'Lighthouse promo, 2 – 5 Dec 2030' }),
      page.getByRole('gridcell', { name: 'Monday 9 December 2030' }),
      'left'
    )
    await page.getByRole('button', { name: 'Lighthouse promo, 9 – 12 Dec 2030' }).waitFor()
    const response = await moved
    assert.equal(response.status(), 200)

    await page.reload()
    await page.getByRole('button', { name: 'Lighthouse promo, 9 – 12 Dec 2030' }).waitFor()
    const stored = await call<Project>(page, 'GET', `/api/projects/${project.id}`)
    assert.deepInclude(stored, { startDate: '2030-12-09', endDate: '2030-12-12' })
  })

  test('a crew member is booked in people mode by dropping a project on them or picking one', async ({
    browserContext,
  }) => {
    const page = await signedIn(browserContext)
    await addCrew(page, 'Ana Grip')
    await addCrew(page, 'Ben Spark')
    await addProject(page, 'Dock build', '2031-02-03', '2031-02-05')
    await openCalendar(page, 'view=month&mode=people&date=2031-02-01')
    await peopleGridReady(page)

    await drag(
      page,
      page.getByRole('complementary', { name: 'Projects in view' }).getByRole('button', {
        name: 'Dock build, 3 – 5 Feb 2031',
      }),
      peopleCell(page, 'Ana Grip', 'Tue 4 Feb')
    )
    await peopleCell(page, 'Ana Grip', 'Mon 3 Feb')
      .getByRole('button', { name: 'Dock build' })
      .waitFor()
    await peopleCell(page, 'Ana Grip', 'Wed 5 Feb')
      .getByRole('button', { name: 'Dock build' })
      .waitFor()

    await page.getByRole('button', { name: 'Assign Ben Spark to a project' }).click()
    const dialog = page.getByRole('dialog', { name: 'Assign Ben Spark' })
    await choose(page, dialog, 'Project', 'Dock build (3 – 5 Feb 2031)')
    // The booking shows before the server has stored it: the reload below waits for the store.
    const stored = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && /\/api\/projects\/\d+\/crew$/.test(response.url())
    )
    await dialog.getByRole('button', { name: 'Assign' }).click()
    await peopleCell(page, 'Ben Spark', 'Tue 4 Feb')
      .getByRole('button', { name: 'Dock build' })
      .waitFor()
    await stored

    await page.reload()
    await peopleGridReady(page)
    // The grid draws only the rows in view, and other tests on this stack add
    // people above these two: find each by name before reading its row.
    for (const person of ['Ana Grip', 'Ben Spark']) {
      await page.getByLabel('Search', { exact: true }).fill(person)
      await peopleCell(page, person, 'Tue 4 Feb')
        .getByRole('button', { name: 'Dock build' })
        .waitFor()
    }
  })

  test('dragging a person onto an overlapping project shows the double booking', async ({
    browserContext,
  }) => {
    const page = await signedIn(browserContext)
    const cleo = await addCrew(page, 'Cleo Focus')
    const dev = await addCrew(page, 'Dev Dolly')
    const pier = await addProject(page, 'Pier commercial', '2031-03-03', '2031-03-05')
    const market = await addProject(page, 'Market doc', '2031-03-04', '2031-03-06')
    await book(page, pier, cleo)
    await book(page, market, dev)
    await openCalendar(page, 'view=month&mode=people&date=2031-03-01')
    await peopleGridReady(page)

    await drag(
      page,
      peopleCell(page, 'Dev Dolly', 'Tue 4 Mar').getByRole('button', { name: 'Market doc' }),
      peopleCell(page, 'Cleo Focus', 'Tue 4 Mar')
    )

    await toastMessage(page, 'Double booking: Cleo Focus on Tue 4 Mar 2031').waitFor()
    const clash = peopleCell(page, 'Cleo Focus', 'Wed 5 Mar')
    await clash.getByRole('button', { name: 'Pier commercial, double booked' }).waitFor()
    await clash.getByRole('button', { name: 'Market doc, double booked' }).waitFor()
    // Monday the 3rd is Pier commercial only: no clash there.
    await peopleCell(page, 'Cleo Focus', 'Mon 3 Mar')
      .getByRole('button', { name: 'Pier commercial', exact: true })
      .waitFor()

    await openCalendar(page, 'view=month&mode=projects&date=2031-03-01')
    await page
      .getByRole('button', { name: 'Pier commercial, 3 – 5 Mar 2031, double booking' })
      .waitFor()
    await page.getByRole('button', { name: 'Market doc, 4 – 6 Mar 2031, double booking' }).waitFor()
  })

  test('a move the server refuses puts the booking back and says why', async ({
    browserContext,
  }) => {
    const page = await signedIn(browserContext)
    const eli = await addCrew(page, 'Eli Boom')
    const bridge = await addProject(page, 'Bridge night', '2031-04-07', '2031-04-09')
    await book(page, bridge, eli)
    await openCalendar(page, 'view=week&mode=people&date=2031-04-07')
    await peopleGridReady(page)

    await drag(
      page,
      peopleCell(page, 'Eli Boom', 'Tue 8 Apr').getByRole('button', { name: 'Bridge night' }),
      peopleCell(page, 'Eli Boom', 'Sun 13 Apr')
    )

    await toastMessage(page, 'Bridge night could not be moved')
      .filter({ hasText: 'The project does not run on 13 Apr' })
      .waitFor()
    await peopleCell(page, 'Eli Boom', 'Tue 8 Apr')
      .getByRole('button', { name: 'Bridge night' })
      .waitFor()
    await peopleCell(page, 'Eli Boom', 'Sun 13 Apr')
      .getByRole('button', { name: 'Bridge night' })
      .waitFor({ state: 'detached' })
  })

  test('with the keyboard alone a project is created and a booking handed to someone else', async ({
    browserContext,
  }) => {
    const page = await signedIn(browserContext)
    await openCalendar(page, 'view=month&mode=projects&date=2031-01-01')
    await page.getByRole('gridcell', { name: 'Monday 13 January 2031' }).focus()
    await pressSpace(page)
    await announced(page, 'is over Monday 13 January 2031')
    await page.keyboard.press('ArrowRight')
    await announced(page, 'is over Tuesday 14 January 2031')
    await page.keyboard.press('ArrowRight')
    await announced(page, 'is over Wednesday 15 January 2031')
    await pressSpace(page)
    const dialog = page.getByRole('dialog', { name: 'New project' })
    await dialog.getByText('13 – 15 Jan 2031').waitFor()
    await dialog.getByLabel('Name').fill('Quay night')
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Quay night, 13 – 15 Jan 2031' }).waitFor()
    // The bar shows before the server has stored the project: wait until it says so.
    await toastMessage(page, 'Created Quay night.').waitFor()

    const [quay] = await call<Project[]>(page, 'GET', '/api/projects?from=2031-01-13&to=2031-01-13')
    const fay = await addCrew(page, 'Fay Key')
    await addCrew(page, 'Gus Key')
    await book(page, quay, fay)
    await openCalendar(page, 'view=week&mode=people&date=2031-01-13')
    await peopleGridReady(page)
    await page.getByLabel('Search', { exact: true }).fill('Key')

    await peopleCell(page, 'Fay Key', 'Tue 14 Jan')
      .getByRole('button', { name: 'Quay night' })
      .focus()
    await pressSpace(page)
    await announced(page, 'is over Fay Key, Tue 14 Jan')
    await page.keyboard.press('ArrowDown')
    await announced(page, 'is over Gus Key, Tue 14 Jan')
    await pressSpace(page)
    await peopleCell(page, 'Gus Key', 'Tue 14 Jan')
      .getByRole('button', { name: 'Quay night' })
      .waitFor()
    await peopleCell(page, 'Fay Key', 'Tue 14 Jan')
      .getByRole('button', { name: 'Quay night' })
      .waitFor({ state: 'detached' })
  })

  test('a project bar shows its status colour, its client and how many crew it books', async ({
    browserContext,
    assert,
  }) => {
    const page = await signedIn(browserContext)
    const client = await call<Person>(page, 'POST', '/api/clients', {
      name: `Tidewater ${Date.now()}`,
    })
    const statuses = await call<(Person & { color: string })[]>(
      page,
      'GET',
      '/api/project-statuses'
    )
    const confirmed = statuses.find((status) => status.name === 'Confirmed')!
    const project = await call<Project>(page, 'POST', '/api/projects', {
      name: 'Harbour Lights',
      startDate: '2031-05-06',
      endDate: '2031-05-08',
      clientId: client.id,
      projectStatusId: confirmed.id,
    })
    await book(page, project, await addCrew(page, 'Ida Sparks'))
    await book(page, project, await addCrew(page, 'Jon Sparks'))

    await openCalendar(page, 'view=month&mode=projects&date=2031-05-01')
    const bar = page.getByRole('button', { name: 'Harbour Lights, 6 – 8 May 2031' })
    await bar.waitFor()
    const text = await bar.innerText()
    assert.include(text, client.name)
    assert.include(text, '2 crew')
    const title = (await bar.getAttribute('title')) ?? ''
    assert.include(title, `Client: ${client.name}`)
    assert.include(title, 'Status: Confirmed')
    assert.include(title, '2 crew')
    assert.include((await bar.getAttribute('aria-label')) ?? '', `for ${client.name}, Confirmed`)
    // The status colour is the stripe at the bar's start; the fill stays the project's colour.
    // The browser's element; the server's TypeScript program has no DOM library.
    const colours = await bar.evaluate((element) => {
      const shown = element as unknown as {
        ownerDocument: {
          defaultView: {
            getComputedStyle(of: unknown): { borderLeftColor: string; backgroundColor: string }
          }
        }
      }
      const style = shown.ownerDocument.defaultView.getComputedStyle(element)
      return { stripe: style.borderLeftColor, fill: style.backgroundColor }
    })
    const rgb = (hex: string) =>
      `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`
    assert.equal(colours.stripe, rgb(confirmed.color))
    assert.notEqual(colours.fill, colours.stripe)
  })

  test('people chips and names show in full, not cut off', async ({ browserContext, assert }) => {
    const page = await signedIn(browserContext)
    const crew = await addCrew(page, 'Maximiliana Featherstonehaugh')
    await book(page, await addProject(page, 'Harbour Lights', '2031-06-10', '2031-06-11'), crew)
    await openCalendar(page, 'view=month&mode=people&date=2031-06-01')
    await peopleGridReady(page)
    await page.getByLabel('Search', { exact: true }).fill('Featherstonehaugh')

    const chip = peopleCell(page, 'Maximiliana Featherstonehaugh', 'Tue 10 Jun').getByRole(
      'button',
      { name: 'Harbour Lights' }
    )
    await chip.waitFor()
    /** Whether an element shows all its text: nothing clipped across or down. */
    const whole = (locator: typeof chip) =>
      locator.evaluate((element) => {
        const box = element as unknown as {
          scrollWidth: number
          clientWidth: number
          scrollHeight: number
          clientHeight: number
        }
        return box.scrollWidth <= box.clientWidth + 1 && box.scrollHeight <= box.clientHeight + 1
      })
    const name = chip.locator('.cal-chip-name')
    assert.equal(await name.innerText(), 'Harbour Lights')
    assert.isTrue(await whole(name))
    assert.include((await chip.getAttribute('title')) ?? '', 'Harbour Lights')

    const person = page
      .getByTestId('people-grid')
      .getByRole('rowheader')
      .filter({ hasText: 'Maximiliana' })
      .locator('.cal-people-name-text')
    assert.equal(await person.innerText(), 'Maximiliana Featherstonehaugh')
    assert.isTrue(await whole(person))
  })
  test('on a phone the people grid scrolls sideways inside itself, the names staying in view', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const staff = await signedIn(browserContext)
    const crew = await addCrew(staff, 'Noor Sideways')
    await book(staff, await addProject(staff, 'Estuary doc', '2031-07-28', '2031-07-30'), crew)
    const context = await browser.newContext({
      storageState: await browserContext.storageState(),
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    await openCalendar(page, 'view=month&mode=people&date=2031-07-01')
    await peopleGridReady(page)
    await page.getByLabel('Search', { exact: true }).fill('Noor Sideways')

    const grid = page.getByTestId('people-grid')
    const name = grid.getByRole('rowheader').filter({ hasText: 'Noor Sideways' })
    const late = peopleCell(page, 'Noor Sideways', 'Tue 29 Jul').getByRole('button', {
      name: 'Estuary doc',
    })
    await name.waitFor()
    // The page itself is as wide as the phone: only the grid is wider.
    const widths = await page.evaluate(() => {
      const root = (globalThis as any).document.documentElement
      const scroller = root.querySelector('[data-testid="people-grid"]')
      return { page: root.scrollWidth, grid: scroller.scrollWidth, shown: scroller.clientWidth }
    })
    assert.isAtMost(widths.page, 390)
    assert.isAbove(widths.grid, widths.shown)
    const before = (await name.boundingBox())!
    assert.isAbove((await late.boundingBox())!.x, 390, 'the end of the month starts off screen')

    // A sideways swipe over the grid scrolls it, not the page.
    const box = (await grid.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + 60)
    await page.mouse.wheel(2000, 0)
    await page.waitForFunction(
      () => (globalThis as any).document.querySelector('[data-testid="people-grid"]').scrollLeft > 0
    )
    const after = (await name.boundingBox())!
    assert.equal(Math.round(after.x), Math.round(before.x), 'the name stays at the left edge')
    assert.isBelow((await late.boundingBox())!.x, 390, 'the end of the month is in view')
    assert.equal(await page.evaluate(() => (globalThis as any).scrollX), 0)
    await context.close()
  })
})
