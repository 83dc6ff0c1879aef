import sharp from 'sharp'
import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import type { Browser, BrowserContext, Page } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { requestByEmail } from '#tests/helpers/schedule_messaging'
import {
  saveScreenshot,
  seriousAccessibilityProblems,
  smallTouchTargets,
} from '#tests/helpers/accessibility'
import { callFromPage, signInToSchedule } from '#tests/helpers/schedule_browser'
import { cspViolations } from '#tests/helpers/content_security_policy'

/*
 * Every page of schedule that is built on the design system, as an admin, at
 * a desktop and a phone size: axe finds no serious or critical problem, the
 * page does not scroll sideways, its controls are big enough for a finger,
 * and a screenshot per page and size lands in tmp/screenshots/schedule/.
 * Pages are added here as they move onto the design system.
 */

declare const document: { documentElement: { scrollWidth: number }; activeElement: unknown }

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
  { name: 'feedback', path: '/admin/feedback', heading: 'Feedback' },
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
const TOUCH_TARGETS =
  '.ui-button, .ui-icon-button, .ui-tab, .ui-segment, .ui-shell-user-button, .sc-day, .sc-drag-handle, .cal-assign'

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

  /** A project with one crew member on it and one day's details, made through the API. */
  async function staffedProject(
    staff: Page,
    project: { name: string; startDate: string; endDate: string },
    crewName: string,
    day: { date: string; title: string; callTime: string; wrapTime?: string; notes?: string }
  ) {
    const created = await callFromPage<{ id: number }>(staff, 'POST', '/api/projects', project)
    const crew = await callFromPage<{ id: number }>(staff, 'POST', '/api/crew', { name: crewName })
    await callFromPage(staff, 'POST', `/api/projects/${created.id}/crew`, { crewId: crew.id })
    const { date, ...details } = day
    await callFromPage(staff, 'PUT', `/api/projects/${created.id}/day-info/${date}`, details)
    return { project: created, crew }
  }

  async function audit(page: Page, audited: AuditedPage, phone: boolean, assert: Assert) {
    await page.goto(`${stack.url('schedule')}${audited.path}`)
    await page.getByRole('heading', { name: audited.heading, level: 1 }).waitFor()
    const where = `${audited.name} at ${phone ? 'phone' : 'desktop'} size`
    const problems = await seriousAccessibilityProblems(page, { skipRules: audited.skipRules })
    problems.push(...(await cspViolations(page)))
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

  /**
   * Audits the pages at a desktop then a phone size, with the signed-in
   * person's cookies, or without any (a recipient, a visitor) when
   * `signedIn` is null.
   */
  async function auditAtBothSizes(
    browser: Browser,
    signedIn: BrowserContext | null,
    pages: AuditedPage[],
    assert: Assert
  ) {
    for (const phone of [false, true]) {
      const context = signedIn
        ? await sizedContext(browser, signedIn, phone)
        : await browser.newContext({
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
    // Feedback with a long address, so the Feedback page's card is audited.
    await callFromPage(signedInPage, 'POST', '/api/feedback', {
      category: 'question',
      description: 'Audit feedback: where do I set the week start?\nI looked in Lists.',
      pageUrl: `${stack.url('schedule')}/settings?from=the-audit-with-a-rather-long-address`,
    })

    await auditAtBothSizes(browser, browserContext, SIGNED_IN_PAGES, assert)
  })

  test('the project page with crew, days, tasks, activity over two pages and share links passes axe at both sizes', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const staff = await signInToSchedule(browserContext, stack, seed)
    const { project } = await staffedProject(
      staff,
      { name: 'Audit project shoot', startDate: '2032-04-05', endDate: '2032-04-08' },
      'Audit Gaffer',
      {
        date: '2032-04-06',
        title: 'Studio day',
        callTime: '08:00',
        wrapTime: '18:30',
        notes: 'Load in at the back door',
      }
    )
    const vendor = await callFromPage<{ id: number }>(staff, 'POST', '/api/vendors', {
      name: 'Audit Lamp Hire',
    })
    await callFromPage(staff, 'POST', `/api/projects/${project.id}/vendors`, {
      vendorId: vendor.id,
    })
    // Enough changes for the activity log to have a second page, so its pager is audited too.
    const tasks: { id: number }[] = []
    for (let number = 1; number <= 20; number++) {
      tasks.push(
        await callFromPage<{ id: number }>(staff, 'POST', '/api/project-tasks', {
          projectId: project.id,
          text: `Audit task ${number}`,
        })
      )
    }
    await callFromPage(staff, 'PATCH', `/api/project-tasks/${tasks[0].id}`, { completed: true })
    await callFromPage(staff, 'POST', '/api/share', {
      resourceType: 'project',
      resourceId: project.id,
      label: 'For the client',
    })
    const revoked = await callFromPage<{ id: number }>(staff, 'POST', '/api/share', {
      resourceType: 'project',
      resourceId: project.id,
    })
    await callFromPage(staff, 'PATCH', `/api/share/${revoked.id}`, { revoked: true })

    const audited: AuditedPage = {
      name: 'project',
      path: `/projects/${project.id}`,
      heading: 'Audit project shoot',
    }
    for (const phone of [false, true]) {
      const context = await sizedContext(browser, browserContext, phone)
      const page = await context.newPage()
      await audit(page, audited, phone, assert)
      await page.getByRole('navigation', { name: 'Pages' }).getByText('Page 1 of 2').waitFor()
      await context.close()
    }
  })

  test("the calendar's production days pass axe at both sizes: the day in both modes and the projects week", async ({
    browser,
    browserContext,
    assert,
  }) => {
    const staff = await signInToSchedule(browserContext, stack, seed)
    const location = await callFromPage<{ id: number }>(staff, 'POST', '/api/locations', {
      name: 'Audit Harbour Quay',
      address: '2 Harbour Road, Bristol',
    })
    const camera = await callFromPage<{ id: number }>(staff, 'POST', '/api/activity-types', {
      name: `Audit camera ${Date.now()}`,
      color: '#2f9e44',
    })
    const { project } = await staffedProject(
      staff,
      { name: 'Audit production shoot', startDate: '2032-08-09', endDate: '2032-08-11' },
      'Audit Focus Puller',
      { date: '2032-08-10', title: 'Harbour day', callTime: '07:00', wrapTime: '19:00' }
    )
    await callFromPage(staff, 'PUT', `/api/projects/${project.id}/day-info/2032-08-10`, {
      locationId: location.id,
      notes: 'Tide at noon: shoot the wide first.',
    })
    await callFromPage(staff, 'PUT', `/api/projects/${project.id}/day-info/2032-08-11`, {
      title: 'Pick-ups in the studio',
      callTime: '09:30',
    })
    for (const activity of [
      { name: 'Crew call', startTime: '07:00', marker: 'start' },
      { name: 'Harbour wide', startTime: '08:00', endTime: '11:30', activityTypeId: camera.id },
      { name: 'Lunch', startTime: '12:00', endTime: '13:00' },
    ]) {
      await callFromPage(staff, 'POST', '/api/activities', {
        projectId: project.id,
        date: '2032-08-10',
        ...activity,
      })
    }
    await auditAtBothSizes(
      browser,
      browserContext,
      [
        {
          name: 'calendar-production-day',
          path: '/calendar?mode=projects&view=day&date=2032-08-10',
          heading: 'Tuesday 10 August 2032',
        },
        {
          name: 'calendar-production-people-day',
          path: '/calendar?mode=people&view=day&date=2032-08-10',
          heading: 'Tuesday 10 August 2032',
          skipRules: CELL_NAMES,
        },
        {
          name: 'calendar-production-week',
          path: '/calendar?mode=projects&view=week&date=2032-08-10',
          heading: / – .*Aug 2032/,
          skipRules: BAR_NAMES,
        },
      ],
      assert
    )
  })

  test('the project page’s call sheet editing passes axe at phone width: contacts, a contact open, a day’s form and the preview', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const staff = await signInToSchedule(browserContext, stack, seed)
    const { project } = await staffedProject(
      staff,
      { name: 'Audit call sheet shoot', startDate: '2032-05-03', endDate: '2032-05-04' },
      'Audit Sheet Gaffer',
      { date: '2032-05-03', title: 'Quay day', callTime: '07:00' }
    )
    const api = `/api/projects/${project.id}`
    await callFromPage(staff, 'PUT', `${api}/call-sheet-config`, {
      companyName: 'Audit Pictures',
      emergencyInfo: 'Call 999',
    })
    for (const [role, name] of [
      ['Producer', 'Audit Producer'],
      ['Medic', 'Audit Medic'],
    ]) {
      await callFromPage(staff, 'POST', `${api}/call-sheet-contacts`, {
        role,
        name,
        phone: '+44 7700 900123',
        isPublic: role === 'Medic',
      })
    }
    await callFromPage(staff, 'PUT', `${api}/call-sheets/2032-05-03/override`, {
      weatherNote: 'Bright, wind from the west',
      parking: 'On the quay',
    })

    const context = await sizedContext(browser, browserContext, true)
    const page = await context.newPage()
    await page.goto(`${stack.url('schedule')}/projects/${project.id}`)
    const section = page.getByRole('region', { name: 'Call sheets' })
    await section.waitFor()
    await section.getByRole('button', { name: 'Edit Audit Medic' }).click()
    await section.getByRole('button', { name: 'Preview this day' }).click()
    await section.getByRole('article', { name: 'Call sheet' }).getByText('Audit Pictures').waitFor()
    await section.scrollIntoViewIfNeeded()
    const where = 'call sheet editing at phone size'
    const problems = await seriousAccessibilityProblems(page)
    assert.deepEqual(problems, [], `${where}:\n${problems.join('\n')}`)
    assert.isAtMost(
      await page.evaluate(() => document.documentElement.scrollWidth),
      PHONE.width,
      `${where} scrolls sideways`
    )
    const small = await smallTouchTargets(page, TOUCH_TARGETS)
    assert.deepEqual(small, [], `${where}: targets smaller than a finger`)
    await saveScreenshot(page, 'schedule/project-call-sheets-phone')
    await context.close()
  })

  test('public share pages pass axe at both sizes: a project, a person, and a link that is gone', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const staff = await signInToSchedule(browserContext, stack, seed)
    const { project, crew } = await staffedProject(
      staff,
      { name: 'Audit share shoot', startDate: '2032-03-01', endDate: '2032-03-03' },
      'Audit Camera',
      { date: '2032-03-02', title: 'Audit day', callTime: '08:00' }
    )
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
    // A recipient has no account: contexts without the staff member's cookies.
    await auditAtBothSizes(browser, null, pages, assert)
  })

  test('messaging pages pass axe at both sizes: Messages, a message, templates, groups, the answer page open and unknown', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const staff = await signInToSchedule(browserContext, stack, seed)
    const { outbox } = await sharedBrowserStack()
    const { link } = await requestByEmail(staff, outbox.schedule, 'Audit Answer')
    // A template and a group, so their pages show rows rather than their empty states.
    await callFromPage(staff, 'POST', '/api/message-templates', {
      name: 'Audit request',
      kind: 'sms',
      body: 'Hi {firstName}, free for {project} {dates}? {answerLink}',
    })
    const member = await callFromPage<{ id: number }>(staff, 'POST', '/api/crew', {
      name: 'Audit Grouped',
    })
    await callFromPage(staff, 'POST', '/api/message-groups', {
      name: 'Audit group',
      members: [{ resourceType: 'crew', resourceId: member.id }],
    })
    // The signed-in side: the Messages page and this message's tracking table.
    const sent = await callFromPage<{ id: number }[]>(staff, 'GET', '/api/messages')
    await auditAtBothSizes(
      browser,
      browserContext,
      [
        { name: 'messages', path: '/messages', heading: 'Messages' },
        // Its subject is personal ({firstName}): the page says what it is instead.
        { name: 'message', path: `/messages/${sent[0].id}`, heading: 'Availability request' },
        { name: 'message-templates', path: '/messages/templates', heading: 'Message templates' },
        { name: 'message-groups', path: '/messages/groups', heading: 'Recipient groups' },
      ],
      assert
    )
    const pages: AuditedPage[] = [
      {
        name: 'answer-open',
        path: new URL(link).pathname,
        heading: 'Free for the harbour shoot, Audit?',
      },
      { name: 'answer-unknown', path: '/answer/1.not-a-real-token', heading: 'Availability' },
    ]
    await auditAtBothSizes(browser, null, pages, assert)
  })

  test('the directory passes axe at both sizes: each tab with a record open, with bookings, notes and links', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const staff = await signInToSchedule(browserContext, stack, seed)
    const crew = await callFromPage<{ id: number }>(staff, 'POST', '/api/crew', {
      name: 'Audit Grip',
      email: 'audit.grip@example.com',
      phone: '+44 20 7946 0101',
    })
    const vendor = await callFromPage<{ id: number }>(staff, 'POST', '/api/vendors', {
      name: 'Audit Rentals',
      contactName: 'Sam Rental',
    })
    const location = await callFromPage<{ id: number }>(staff, 'POST', '/api/locations', {
      name: 'Audit Warehouse',
      address: '1 Dock Road, London',
    })
    const client = await callFromPage<{ id: number }>(staff, 'POST', '/api/clients', {
      name: 'Audit Client Ltd',
      email: 'client@example.com',
    })
    // Upcoming: the record lists a year's bookings from today.
    const soon = new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString().slice(0, 10)
    const project = await callFromPage<{ id: number }>(staff, 'POST', '/api/projects', {
      name: 'Audit directory shoot',
      startDate: soon,
      endDate: soon,
    })
    await callFromPage(staff, 'POST', `/api/projects/${project.id}/crew`, { crewId: crew.id })
    await callFromPage(staff, 'POST', '/api/crew-vendor-links', {
      crewId: crew.id,
      vendorId: vendor.id,
    })
    for (const [resourceType, resourceId] of [
      ['crew', crew.id],
      ['vendor', vendor.id],
      ['location', location.id],
    ] as const) {
      await callFromPage(staff, 'POST', '/api/resource-notes', {
        resourceType,
        resourceId,
        body: 'Parking is round the back.',
        pinned: resourceType === 'crew',
      })
    }
    await callFromPage(staff, 'POST', '/api/share', {
      resourceType: 'crew',
      resourceId: crew.id,
      label: 'For the producer',
    })
    await callFromPage(staff, 'POST', '/api/calendar-feeds', {
      resourceType: 'crew',
      resourceId: crew.id,
    })
    const pages: AuditedPage[] = [
      { name: 'directory-crew', path: '/directory', heading: 'Directory' },
      { name: 'directory-crew-open', path: `/directory?id=${crew.id}`, heading: 'Directory' },
      {
        name: 'directory-vendor-open',
        path: `/directory?tab=vendors&id=${vendor.id}`,
        heading: 'Directory',
      },
      {
        name: 'directory-location-open',
        path: `/directory?tab=locations&id=${location.id}`,
        heading: 'Directory',
      },
      {
        name: 'directory-client-open',
        path: `/directory?tab=clients&id=${client.id}`,
        heading: 'Directory',
      },
      { name: 'directory-new', path: '/directory?tab=vendors&id=new', heading: 'Directory' },
    ]
    await auditAtBothSizes(browser, browserContext, pages, assert)
  })

  test('a location with a map and photos passes axe at both sizes, its photo viewer on a phone, and its share page', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const staff = await signInToSchedule(browserContext, stack, seed)
    const type = await callFromPage<{ id: number }>(staff, 'POST', '/api/location-types', {
      name: 'Audit quarry',
    })
    const location = await callFromPage<{ id: number }>(staff, 'POST', '/api/locations', {
      name: 'Audit Quarry',
      address: 'Pinewood Rd, Iver Heath, Iver SL0 0NH, UK',
      lat: 51.5496,
      lng: -0.5366,
      locationTypeId: type.id,
    })
    const path = `/directory?tab=locations&id=${location.id}`
    // Photos go up through the page's own picker, as a person adds them.
    await staff.goto(`${stack.url('schedule')}${path}`)
    const names = ['Audit north.jpg', 'Audit south.jpg', 'Audit gate.jpg']
    await staff.locator('input[type="file"]').setInputFiles(
      await Promise.all(
        names.map(async (name, index) => ({
          name,
          mimeType: 'image/jpeg',
          buffer: await sharp({
            create: {
              width: 1200,
              height: 900,
              channels: 3,
              background: ['#1d4ed8', '#15803d', '#b91c1c'][index],
            },
          })
            .jpeg()
            .toBuffer(),
        }))
      )
    )
    const gallery = staff.getByRole('region', { name: 'Photos' })
    for (const name of names) {
      await gallery.getByRole('button', { name, exact: true }).waitFor()
    }
    const project = await callFromPage<{ id: number }>(staff, 'POST', '/api/projects', {
      name: 'Audit quarry shoot',
      startDate: '2032-05-03',
      endDate: '2032-05-04',
      locationId: location.id,
    })
    const link = await callFromPage<{ url: string }>(staff, 'POST', '/api/share', {
      resourceType: 'project',
      resourceId: project.id,
    })

    await auditAtBothSizes(
      browser,
      browserContext,
      [{ name: 'directory-location-photos', path, heading: 'Directory' }],
      assert
    )
    await auditAtBothSizes(
      browser,
      null,
      [
        {
          name: 'share-project-location',
          path: new URL(link.url).pathname,
          heading: 'Audit quarry shoot',
        },
      ],
      assert
    )

    // The photo viewer, full screen on a phone.
    const context = await sizedContext(browser, browserContext, true)
    const phone = await context.newPage()
    await phone.goto(`${stack.url('schedule')}${path}`)
    await phone
      .getByRole('region', { name: 'Photos' })
      .getByRole('button', { name: names[0], exact: true })
      .click()
    // Photos picked together are put in pick order once the last is in; any place will do here.
    const viewer = phone.getByRole('dialog', { name: /^Photo [1-3] of 3$/ })
    await viewer.getByRole('img', { name: names[0] }).waitFor()
    const problems = await seriousAccessibilityProblems(phone)
    assert.deepEqual(problems, [], `photo viewer at phone size:\n${problems.join('\n')}`)
    const small = await smallTouchTargets(phone, TOUCH_TARGETS)
    assert.deepEqual(small, [], 'photo viewer at phone size: targets smaller than a finger')
    await saveScreenshot(phone, 'schedule/location-photo-viewer-phone')
    await context.close()
  })

  test("schedule's start page, signed out after a refused sign-in, passes axe at both sizes", async ({
    browser,
    assert,
  }) => {
    const refused = {
      name: 'home-refused',
      path: '/?auth_error=access_denied',
      heading: 'Sign-in did not work',
    }
    await auditAtBothSizes(browser, null, [refused], assert)
  })

  test('the account menu is reached by keyboard and offers the account, feedback and sign-out', async ({
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
    // Opened by keyboard, the menu focuses its first item; two steps down (past
    // Send feedback) is Sign out. Each key waits for the focus it expects, or
    // Enter could choose another item instead.
    const focused = async (item: typeof account) =>
      page.waitForFunction(
        (element) => document.activeElement === element,
        await item.elementHandle()
      )
    await focused(account)
    await page.keyboard.press('ArrowDown')
    await focused(page.getByRole('menuitem', { name: 'Send feedback…' }))
    await page.keyboard.press('ArrowDown')
    await focused(page.getByRole('menuitem', { name: 'Sign out' }))
    await page.keyboard.press('Enter')
    // Sign-out leaves the page and ends schedule's session.
    await page.waitForURL((url) => !url.pathname.startsWith('/trash'))
    const me = await browserContext.request.get(`${stack.url('schedule')}/api/auth/me`)
    assert.deepEqual(await me.json(), { authenticated: false })
  })
})
