import { test } from '@japa/runner'
import type { Page } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { callFromPage, signInToSchedule, toastMessage } from '#tests/helpers/schedule_browser'
import { pressSpace } from '#tests/helpers/keyboard_drag'

declare const document: { documentElement: { scrollWidth: number } }
declare function getComputedStyle(element: unknown): { backgroundColor: string }

/** A scrolling box as the page sees it (this file has no DOM types). */
type ScrollBox = { scrollWidth: number; clientWidth: number }

type Project = { id: number; name: string; startDate: string; endDate: string }

/**
 * What a person sees of the production days on the calendar, in Chromium
 * against the real stack: the day view's title, call and wrap, location and
 * activities (projects and people mode), and the projects week's day
 * columns with a card per project and day, dragged by keyboard and mouse.
 * Data is seeded through the app's own routes; names and dates (September
 * 2032) are this file's own.
 */
test.group('schedule calendar: production days in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
  })

  async function openCalendar(page: Page, query: string) {
    await page.goto(`${stack.url('schedule')}/calendar?${query}`)
    await page.getByRole('heading', { level: 1 }).waitFor()
  }

  function addProject(page: Page, name: string, startDate: string, endDate: string) {
    return callFromPage<Project>(page, 'POST', '/api/projects', { name, startDate, endDate })
  }

  function putDay(page: Page, project: Project, date: string, fields: Record<string, unknown>) {
    return callFromPage(page, 'PUT', `/api/projects/${project.id}/day-info/${date}`, fields)
  }

  function addActivity(page: Page, project: Project, fields: Record<string, unknown>) {
    return callFromPage(page, 'POST', '/api/activities', { projectId: project.id, ...fields })
  }

  /** What the live region last said while dragging: a key is pressed once the previous one took effect. */
  function announced(page: Page, text: string) {
    return page.getByRole('status').filter({ hasText: text }).waitFor({ state: 'attached' })
  }

  test("the day view shows each project's day: title, call and wrap, location and activities in order", async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const suffix = Date.now()
    const location = await callFromPage<{ id: number }>(page, 'POST', '/api/locations', {
      name: `Calview Quay ${suffix}`,
      address: '1 Quay Street, Bristol',
    })
    const camera = await callFromPage<{ id: number }>(page, 'POST', '/api/activity-types', {
      name: `Calview camera ${suffix}`,
      color: '#d9480f',
    })
    const shoot = await addProject(page, 'Calview harbour shoot', '2032-09-07', '2032-09-09')
    await putDay(page, shoot, '2032-09-08', {
      title: 'Quay scenes',
      callTime: '07:00',
      wrapTime: '19:30',
      locationId: location.id,
    })
    await putDay(page, shoot, '2032-09-09', { title: 'Pick-ups' })
    await addActivity(page, shoot, {
      date: '2032-09-08',
      name: 'Lunch',
      startTime: '12:30',
      endTime: '13:30',
    })
    await addActivity(page, shoot, {
      date: '2032-09-08',
      name: 'Crew call',
      startTime: '07:00',
      marker: 'start',
    })
    await addActivity(page, shoot, {
      date: '2032-09-08',
      name: 'Quay scene',
      startTime: '08:00',
      endTime: '12:00',
      activityTypeId: camera.id,
    })

    await openCalendar(page, 'view=day&mode=projects&date=2032-09-08')
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Calview harbour shoot' }) })
    await card.getByText('Quay scenes').waitFor()
    await card.getByText('Call 07:00 · Wrap 19:30').waitFor()
    assert.notInclude(await card.innerText(), 'Pick-ups')
    const place = card.getByRole('link', { name: `Calview Quay ${suffix}`, exact: true })
    assert.equal(await place.getAttribute('href'), `/directory?tab=locations&id=${location.id}`)
    await card.getByText('1 Quay Street, Bristol').waitFor()

    const activities = card.getByRole('list', { name: 'Activities of Calview harbour shoot' })
    const rows = activities.getByRole('listitem')
    const texts = await rows.allInnerTexts()
    assert.deepEqual(
      texts.map((text) => text.replace(/\s+/g, ' ').trim()),
      [
        '07:00 Crew call milestone Start',
        `08:00–12:00 Quay scene Calview camera ${suffix}`,
        '12:30–13:30 Lunch',
      ]
    )
    const swatch = rows.nth(1).locator('.cal-activity-swatch')
    assert.equal(
      await swatch.evaluate((element) => getComputedStyle(element).backgroundColor),
      'rgb(217, 72, 15)'
    )

    // People mode's day shows the same under the people.
    await openCalendar(page, 'view=day&mode=people&date=2032-09-08')
    const section = page.getByRole('region', { name: 'The day on each project' })
    const peopleCard = section
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Calview harbour shoot' }) })
    await peopleCard.getByText('Call 07:00 · Wrap 19:30').waitFor()
    assert.equal(
      await peopleCard
        .getByRole('list', { name: 'Activities of Calview harbour shoot' })
        .getByRole('listitem')
        .count(),
      3
    )

    // The location's link opens its record in the directory.
    await openCalendar(page, 'view=day&mode=projects&date=2032-09-08')
    await page.getByRole('link', { name: `Calview Quay ${suffix}`, exact: true }).click()
    await page.waitForURL(/\/directory\?tab=locations&id=/)
    await page
      .getByRole('heading', { name: `Calview Quay ${suffix}` })
      .first()
      .waitFor()
  })

  test('the projects week has seven day columns with a card per project and day, moved by keyboard and mouse', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const shoot = await addProject(page, 'Calview week shoot', '2032-09-14', '2032-09-16')
    await putDay(page, shoot, '2032-09-14', { title: 'Load in', callTime: '08:00' })
    await putDay(page, shoot, '2032-09-15', { title: 'Night exteriors', callTime: '17:00' })

    // Monday 13 to Sunday 19 September 2032.
    await openCalendar(page, 'view=week&mode=projects&date=2032-09-15')
    const cards = page.getByRole('button', { name: /^Calview week shoot, / })
    await cards.first().waitFor()
    assert.equal(await cards.count(), 3)

    const tuesday = page.getByRole('gridcell', { name: 'Tuesday 14 September 2032', exact: true })
    const wednesday = page.getByRole('gridcell', {
      name: 'Wednesday 15 September 2032',
      exact: true,
    })
    const loadIn = page.getByRole('button', {
      name: /Tuesday 14 September 2032, Load in, Call 08:00/,
    })
    const night = page.getByRole('button', {
      name: /Wednesday 15 September 2032, Night exteriors, Call 17:00/,
    })
    await loadIn.getByText('Load in').waitFor()
    await night.getByText('Call 17:00').waitFor()
    // Each card stands in its own day's column, the project in one lane all week.
    for (const [card, column] of [
      [loadIn, tuesday],
      [night, wednesday],
    ] as const) {
      const cardBox = (await card.boundingBox())!
      const columnBox = (await column.boundingBox())!
      assert.isAtLeast(cardBox.x, columnBox.x)
      assert.isAtMost(cardBox.x + cardBox.width, columnBox.x + columnBox.width + 1)
    }
    assert.equal((await loadIn.boundingBox())!.y, (await night.boundingBox())!.y)

    // Keyboard: the Wednesday card picked up, carried a day on and dropped moves the project.
    const moved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' &&
        response.url().endsWith(`/api/projects/${shoot.id}`)
    )
    await night.focus()
    await pressSpace(page)
    await announced(page, 'is over Wednesday 15 September 2032')
    await page.keyboard.press('ArrowRight')
    await announced(page, 'is over Thursday 16 September 2032')
    await pressSpace(page)
    const response = await moved
    assert.equal(response.status(), 200)
    const stored = await callFromPage<Project>(page, 'GET', `/api/projects/${shoot.id}`)
    assert.deepInclude(stored, { startDate: '2032-09-15', endDate: '2032-09-17' })
    // Tuesday is no longer a day of it; Wednesday keeps its own information.
    await page
      .getByRole('button', { name: /^Calview week shoot, .*Tuesday 14 September 2032/ })
      .waitFor({ state: 'detached' })
    await page
      .getByRole('button', { name: /Wednesday 15 September 2032, Night exteriors, Call 17:00/ })
      .waitFor()

    // Mouse: dragging across empty days creates a project over them.
    const saturday = page.getByRole('gridcell', { name: 'Saturday 18 September 2032', exact: true })
    const sunday = page.getByRole('gridcell', { name: 'Sunday 19 September 2032', exact: true })
    const from = (await saturday.boundingBox())!
    const to = (await sunday.boundingBox())!
    const y = from.y + from.height - 10
    await page.mouse.move(from.x + from.width / 2, y)
    await page.mouse.down()
    await page.mouse.move(from.x + from.width / 2 + 8, y, { steps: 4 })
    await page.mouse.move(to.x + to.width / 2, y, { steps: 10 })
    await page.mouse.up()
    const dialog = page.getByRole('dialog', { name: 'New project' })
    await dialog.getByText('18 – 19 Sep 2032').waitFor()
    await dialog.getByLabel('Name').fill('Calview weekend')
    await page.keyboard.press('Enter')
    await toastMessage(page, 'Created Calview weekend.').waitFor()
    assert.equal(await page.getByRole('button', { name: /^Calview weekend, / }).count(), 2)

    // On a phone the week scrolls sideways inside its own box; the page does not.
    await page.setViewportSize({ width: 390, height: 844 })
    const grid = page.getByRole('grid', { name: 'Projects calendar' })
    const sizes = await grid.evaluate((element) => {
      const box = element as unknown as ScrollBox
      return { scroll: box.scrollWidth, client: box.clientWidth }
    })
    assert.isAbove(sizes.scroll, sizes.client)
    assert.isAtMost(await page.evaluate(() => document.documentElement.scrollWidth), 390)
  })
})
