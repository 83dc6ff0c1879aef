import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import type { Browser, BrowserContext, Page } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import {
  saveScreenshot,
  seriousAccessibilityProblems,
  smallTouchTargets,
} from '#tests/helpers/accessibility'
import { callFromPage, signInToSchedule } from '#tests/helpers/schedule_browser'

/*
 * Every page of schedule that is built on the design system, as an admin, at
 * a desktop and a phone size: axe finds no serious or critical problem, the
 * page does not scroll sideways, its controls are big enough for a finger,
 * and a screenshot per page and size lands in tmp/screenshots/schedule/.
 * Pages are added here as they move onto the design system.
 */

declare const document: { documentElement: { scrollWidth: number } }

const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }

/** A page to visit: its address, its h1 to wait for, and axe rules known to misjudge it. */
type AuditedPage = { name: string; path: string; heading: string | RegExp; skipRules?: string[] }

/*
 * A project bar's label is the project's name, and its accessible name starts
 * with it ("Harbour Lights, 6 – 8 May 2031, for Tidewater, Confirmed, 2
 * crew"), as WCAG 2.5.3 asks. axe's rule also wants the client and crew count
 * written on the bar to follow the name word for word, which the days in
 * between prevent.
 */
const BAR_NAMES = ['label-content-name-mismatch']

/*
 * The same rule on the people calendar: a day cell's name is the person and
 * the day ("Ana Grip, Tue 4 Feb"); the bookings drawn in it are its
 * content, each a button named by its project, not the cell's label.
 */
const CELL_NAMES = ['label-content-name-mismatch']

const SIGNED_IN_PAGES: AuditedPage[] = [
  { name: 'trash-projects', path: '/trash', heading: 'Trash' },
  { name: 'trash-crew', path: '/trash?tab=crew', heading: 'Trash' },
  { name: 'lists', path: '/settings', heading: 'Lists' },
  { name: 'admin', path: '/admin', heading: 'Administration' },
  { name: 'conflicts', path: '/conflicts', heading: 'Conflicts' },
  // The calendar's views, on the month of the project the test books below.
  {
    name: 'calendar-projects-month',
    path: '/calendar?mode=projects&view=month&date=2032-02-01',
    heading: 'February 2032',
    skipRules: BAR_NAMES,
  },
  {
    name: 'calendar-projects-week',
    path: '/calendar?mode=projects&view=week&date=2032-02-10',
    heading: / – .*Feb 2032/,
    skipRules: BAR_NAMES,
  },
  {
    name: 'calendar-projects-day',
    path: '/calendar?mode=projects&view=day&date=2032-02-10',
    heading: 'Tuesday 10 February 2032',
  },
  {
    name: 'calendar-projects-year',
    path: '/calendar?mode=projects&view=year&date=2032-02-01',
    heading: '2032',
  },
  {
    name: 'calendar-people-month',
    path: '/calendar?mode=people&view=month&date=2032-02-01',
    heading: 'February 2032',
    skipRules: CELL_NAMES,
  },
  {
    name: 'calendar-people-year',
    path: '/calendar?mode=people&view=year&date=2032-02-01',
    heading: '2032',
  },
]

/** What a finger presses on these pages: the kit's controls. */
const TOUCH_TARGETS = '.ui-button, .ui-icon-button, .ui-tab, .ui-segment, .ui-shell-user-button'

test.group('schedule pages: accessibility, phones and screenshots', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
  })

  /** A context with the signed-in admin's cookies at one size (a phone is a touch screen). */
  async function sizedContext(browser: Browser, signedIn: BrowserContext, phone: boolean) {
    return browser.newContext({
      storageState: await signedIn.storageState(),
      viewport: phone ? PHONE : DESKTOP,
      isMobile: phone,
      hasTouch: phone,
    })
  }

  async function audit(page: Page, audited: AuditedPage, phone: boolean, assert: Assert) {
    await page.goto(`${stack.url('schedule')}${audited.path}`)
    await page.getByRole('heading', { name: audited.heading, level: 1 }).waitFor()
    const where = `${audited.name} at ${phone ? 'phone' : 'desktop'} size`
    const problems = await seriousAccessibilityProblems(page, { skipRules: audited.skipRules })
    assert.deepEqual(problems, [], `${where}:\n${problems.join('\n')}`)
    assert.isAtMost(
      await page.evaluate(() => document.documentElement.scrollWidth),
      phone ? PHONE.width : DESKTOP.width,
      `${where} scrolls sideways`
    )
    if (phone) {
      const small = await smallTouchTargets(page, TOUCH_TARGETS)
      assert.deepEqual(small, [], `${where}: targets smaller than a finger`)
    }
    await saveScreenshot(page, `schedule/${audited.name}-${phone ? 'phone' : 'desktop'}`)
  }

  test('every signed-in page passes axe at 1280×800 and 390×844', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const signedInPage = await signInToSchedule(browserContext, stack, seed)
    // Something in the trash, so its table (and its cards on a phone) are audited too.
    const project = await callFromPage<{ id: number }>(signedInPage, 'POST', '/api/projects', {
      name: 'Audit shoot',
      startDate: '2032-02-02',
      endDate: '2032-02-03',
    })
    await callFromPage(signedInPage, 'DELETE', `/api/projects/${project.id}`)
    // A project with crew in February 2032, so the calendar's bars, chips and day list are audited.
    const shoot = await callFromPage<{ id: number }>(signedInPage, 'POST', '/api/projects', {
      name: 'Audit calendar shoot',
      startDate: '2032-02-09',
      endDate: '2032-02-11',
    })
    const gaffer = await callFromPage<{ id: number }>(signedInPage, 'POST', '/api/crew', {
      name: 'Audit Gaffer',
    })
    await callFromPage(signedInPage, 'POST', `/api/projects/${shoot.id}/crew`, {
      crewId: gaffer.id,
    })

    for (const phone of [false, true]) {
      const context = await sizedContext(browser, browserContext, phone)
      const page = await context.newPage()
      for (const audited of SIGNED_IN_PAGES) {
        await audit(page, audited, phone, assert)
      }
      await context.close()
    }
  })

  test('public share pages pass axe at both sizes: a project, a person, and a link that is gone', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const staff = await signInToSchedule(browserContext, stack, seed)
    const project = await callFromPage<{ id: number }>(staff, 'POST', '/api/projects', {
      name: 'Audit share shoot',
      startDate: '2032-03-01',
      endDate: '2032-03-03',
    })
    const crew = await callFromPage<{ id: number }>(staff, 'POST', '/api/crew', {
      name: 'Audit Camera',
    })
    await callFromPage(staff, 'POST', `/api/projects/${project.id}/crew`, { crewId: crew.id })
    await callFromPage(staff, 'PUT', `/api/projects/${project.id}/day-info/2032-03-02`, {
      title: 'Audit day',
      callTime: '08:00',
    })
    const projectLink = await callFromPage<{ url: string }>(staff, 'POST', '/api/share', {
      resourceType: 'project',
      resourceId: project.id,
    })
    const personLink = await callFromPage<{ url: string }>(staff, 'POST', '/api/share', {
      resourceType: 'crew',
      resourceId: crew.id,
    })
    const pages: AuditedPage[] = [
      {
        name: 'share-project',
        path: new URL(projectLink.url).pathname,
        heading: 'Audit share shoot',
      },
      { name: 'share-person', path: new URL(personLink.url).pathname, heading: 'Audit Camera' },
      { name: 'share-gone', path: '/share/not-a-real-token', heading: 'Link not found' },
    ]
    for (const phone of [false, true]) {
      // A recipient has no account: a context without the staff member's cookies.
      const context = await browser.newContext({
        viewport: phone ? PHONE : DESKTOP,
        isMobile: phone,
        hasTouch: phone,
      })
      const page = await context.newPage()
      for (const audited of pages) {
        await audit(page, audited, phone, assert)
      }
      await context.close()
    }
  })

  test('the account menu is reached by keyboard and offers the account and sign-out', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    await page.goto(`${stack.url('schedule')}/trash`)
    const menuButton = page.getByRole('button', { name: /account menu/ })
    await menuButton.focus()
    await page.keyboard.press('Enter')
    const account = page.getByRole('menuitem', { name: 'Your account' })
    await account.waitFor()
    assert.equal(await account.getAttribute('href'), '/account')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    // Sign-out leaves the page and ends schedule's session.
    await page.waitForURL((url) => !url.pathname.startsWith('/trash'))
    const me = await browserContext.request.get(`${stack.url('schedule')}/api/auth/me`)
    assert.deepEqual(await me.json(), { authenticated: false })
  })
})
