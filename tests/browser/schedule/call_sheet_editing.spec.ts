import { test } from '@japa/runner'
import type { Page } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { callFromPage, signInToSchedule } from '#tests/helpers/schedule_browser'
import { seriousAccessibilityProblems } from '#tests/helpers/accessibility'
import { pressSpace } from '#tests/helpers/keyboard_drag'

declare const getComputedStyle: (element: unknown) => { backgroundColor: string; color: string }

type Contact = { id: number; role: string; name: string; phone: string | null }
type Config = { companyName: string | null; hiddenSections: string[]; generalCall: string | null }
type Override = { weatherNote: string | null; crewCalls: Record<string, string> }

/** A project with one crew member and one vendor on its roster, made through the API. */
async function staffedShoot(page: Page, name: string, crewName: string, vendorName: string) {
  const project = await callFromPage<{ id: number }>(page, 'POST', '/api/projects', {
    name,
    startDate: '2031-10-06',
    endDate: '2031-10-07',
  })
  const crew = await callFromPage<{ id: number }>(page, 'POST', '/api/crew', {
    name: crewName,
    phone: '+44 7700 900111',
    email: `${crewName.toLowerCase().replace(/\W+/g, '.')}@example.com`,
  })
  const vendor = await callFromPage<{ id: number }>(page, 'POST', '/api/vendors', {
    name: vendorName,
    phone: '+44 20 7946 0999',
  })
  const onRoster = await callFromPage<{ entry: { id: number } }>(
    page,
    'POST',
    `/api/projects/${project.id}/crew`,
    { crewId: crew.id }
  )
  await callFromPage(page, 'POST', `/api/projects/${project.id}/vendors`, { vendorId: vendor.id })
  return { project, crewAssignmentId: onRoster.entry.id }
}

/**
 * The call sheet section of the project page in Chromium: settings for
 * every day, custom contacts (added, edited, reordered by keyboard,
 * deleted), one day's own values and a crew member's own call, each seen
 * in the preview; a share link's recipient reading a day's call sheet
 * without private contact details; activity types painting the day grid.
 */
test.group('schedule call sheets in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
  })

  test('settings, contacts and a day’s own values are edited and show in the preview', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const { project, crewAssignmentId } = await staffedShoot(
      page,
      'Sheet editing shoot',
      'Cleo Sheetwright',
      'Sheet Lamp Hire'
    )
    const api = `/api/projects/${project.id}`
    await page.goto(`${stack.url('schedule')}/projects/${project.id}`)
    const section = page.getByRole('region', { name: 'Call sheets' })
    await section.waitFor()

    // Every day: the company, a default call, emergency information; vendors left out.
    const settings = section.getByRole('form', { name: 'Call sheet settings' })
    await settings.getByLabel('Company name').fill('Harbour Pictures Ltd')
    await settings.getByLabel('Default general call').fill('07:30')
    await settings.getByLabel('Emergency information').fill('Call 999, then the producer')
    await settings.getByLabel('Vendors').uncheck()
    await settings.getByRole('button', { name: 'Save settings' }).click()
    await settings.getByText('Saved').waitFor()
    const config = await callFromPage<Config>(page, 'GET', `${api}/call-sheet-config`)
    assert.equal(config.companyName, 'Harbour Pictures Ltd')
    assert.equal(config.generalCall, '07:30')
    assert.deepEqual(config.hiddenSections, ['vendors'])

    // A refused field says why under itself: an address the browser lets by, the API does not.
    await settings.getByLabel('Company email').fill('office@harbour')
    await settings.getByRole('button', { name: 'Save settings' }).click()
    await settings.getByText('Not saved: see the fields marked above.').waitFor()
    assert.equal(await settings.getByLabel('Company email').getAttribute('aria-invalid'), 'true')
    await settings.getByLabel('Company email').fill('')
    await settings.getByRole('button', { name: 'Save settings' }).click()
    await settings.getByText('Saved').waitFor()

    // Two contacts; the second moved above the first with the keyboard.
    const adding = section.getByRole('form', { name: 'Add a contact' })
    for (const [role, name, phone] of [
      ['Medic', 'Nia Medic', '+44 7700 900222'],
      ['Producer', 'Pat Producer', '+44 7700 900333'],
    ]) {
      await adding.getByLabel('Role').fill(role)
      await adding.getByLabel('Name').fill(name)
      await adding.getByLabel('Phone').fill(phone)
      await adding.getByRole('button', { name: 'Add contact' }).click()
      await section.getByRole('button', { name: `Edit ${name}` }).waitFor()
      // The form starts empty again for the next one.
      assert.equal(await adding.getByLabel('Role').inputValue(), '')
    }
    const [medic, producer] = await callFromPage<Contact[]>(
      page,
      'GET',
      `${api}/call-sheet-contacts`
    )
    // Each key waits for dnd-kit's live region to say where the contact is.
    const over = (id: number) =>
      page
        .locator('[id^="DndLiveRegion"]')
        .filter({ hasText: `Draggable item ${producer.id} was moved over droppable area ${id}.` })
        .waitFor({ state: 'attached' })
    const reordered = page.waitForResponse(
      (response) =>
        response.url().endsWith('/call-sheet-contacts/order') && response.status() === 200
    )
    await section.getByRole('button', { name: 'Move Pat Producer (Producer)' }).focus()
    await pressSpace(page)
    await over(producer.id)
    // The sensor listens for arrows from a setTimeout after the pick-up.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)))
    await page.keyboard.press('ArrowUp')
    await over(medic.id)
    await pressSpace(page)
    await reordered
    const ordered = async () => {
      const contacts = await callFromPage<Contact[]>(page, 'GET', `${api}/call-sheet-contacts`)
      return contacts.map((contact) => contact.name)
    }
    assert.deepEqual(await ordered(), ['Pat Producer', 'Nia Medic'])

    // The medic's number corrected in place.
    await section.getByRole('button', { name: 'Edit Nia Medic' }).click()
    const editing = section.getByRole('form', { name: 'Edit Nia Medic' })
    await editing.getByLabel('Phone').fill('+44 7700 900444')
    await editing.getByRole('button', { name: 'Save contact' }).click()
    await section.getByText('+44 7700 900444').waitFor()

    // Day 2: its weather, parking and hospital, and Cleo's own call.
    await section.getByRole('combobox', { name: 'Day' }).click()
    await page.getByRole('option', { name: /^Day 2/ }).click()
    const day = section.getByRole('form', { name: /^Call sheet of Day 2/ })
    await day.getByLabel('Weather').fill('Rain after noon')
    await day.getByLabel('Parking').fill('Behind the dock gates')
    await day.getByLabel('Nearest hospital').fill('St Thomas’, Westminster Bridge Rd')
    await day.getByLabel('Call of Cleo Sheetwright').fill('06:45')
    await day.getByRole('button', { name: 'Save this day' }).click()
    await day.getByText('Saved').waitFor()
    const override = await callFromPage<Override>(
      page,
      'GET',
      `${api}/call-sheets/2031-10-07/override`
    )
    assert.equal(override.weatherNote, 'Rain after noon')
    assert.deepEqual(override.crewCalls, { [String(crewAssignmentId)]: '06:45' })

    // The preview of day 2 says all of it, and leaves the vendors out.
    await section.getByRole('button', { name: 'Preview this day' }).click()
    const sheet = section.getByRole('article', { name: 'Call sheet' })
    await sheet.getByText('Day 2 of 2').waitFor()
    const text = await sheet.textContent()
    for (const expected of [
      'Harbour Pictures Ltd',
      '07:30',
      'Rain after noon',
      'Parking: Behind the dock gates',
      'Nearest hospital: St Thomas’, Westminster Bridge Rd',
      'In an emergency: Call 999, then the producer',
    ]) {
      assert.include(text, expected)
    }
    const crewRow = sheet.getByRole('table', { name: 'Crew' }).getByRole('row', {
      name: /Cleo Sheetwright/,
    })
    assert.include(await crewRow.textContent(), '06:45')
    const contactRows = sheet.getByRole('table', { name: 'Contacts' }).getByRole('row')
    const contactTexts = await contactRows.allTextContents()
    assert.deepEqual(
      contactTexts.slice(1).map((row) => row.split('+')[0]),
      ['ProducerPat Producer', 'MedicNia Medic']
    )
    assert.equal(await sheet.getByRole('table', { name: 'Vendors' }).count(), 0)

    // A change made with the preview open shows in it at once.
    await section.getByRole('button', { name: 'Delete Pat Producer' }).click()
    await page.getByRole('button', { name: 'Delete contact' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await section.getByRole('button', { name: 'Edit Pat Producer' }).waitFor({ state: 'detached' })
    await sheet.getByRole('table', { name: 'Contacts' }).getByText('Nia Medic').waitFor()
    await sheet.getByText('Pat Producer').waitFor({ state: 'detached' })
    assert.deepEqual(await ordered(), ['Nia Medic'])
    await page.close()
  })

  test('a share link’s recipient reads a day’s call sheet without private contact details', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const staff = await signInToSchedule(browserContext, stack, seed)
    const { project, crewAssignmentId } = await staffedShoot(
      staff,
      'Shared sheet shoot',
      'Pia Public',
      'Hidden Hire'
    )
    const api = `/api/projects/${project.id}`
    const secret = await callFromPage<{ id: number }>(staff, 'POST', '/api/crew', {
      name: 'Quinn Private',
      phone: '+44 7700 900555',
      email: 'quinn.private@example.com',
    })
    await callFromPage(staff, 'POST', `${api}/crew`, { crewId: secret.id })
    await callFromPage(staff, 'PUT', `${api}/call-sheet-config`, {
      publicCrewIds: [crewAssignmentId],
    })
    await callFromPage(staff, 'POST', `${api}/call-sheet-contacts`, {
      role: 'Medic',
      name: 'Open Medic',
      phone: '+44 7700 900666',
      isPublic: true,
    })
    await callFromPage(staff, 'POST', `${api}/call-sheet-contacts`, {
      role: 'Producer',
      name: 'Closed Producer',
      phone: '+44 7700 900777',
      email: 'closed.producer@example.com',
    })
    const link = await callFromPage<{ url: string }>(staff, 'POST', '/api/share', {
      resourceType: 'project',
      resourceId: project.id,
    })

    // The recipient has no account: a context without the staff member's cookies.
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${stack.url('schedule')}${new URL(link.url).pathname}`)
    await page.getByRole('heading', { name: 'Call sheets' }).waitFor()
    await page.getByRole('button', { name: /^Read Day 1/ }).click()
    const sheet = page.getByRole('article', { name: 'Call sheet' })
    await sheet.getByText('Day 1 of 2').waitFor()
    const crew = sheet.getByRole('table', { name: 'Crew' })
    await crew.getByText('Quinn Private').waitFor()
    const text = (await sheet.textContent()) ?? ''
    // The public ones' numbers show…
    assert.include(text, '+44 7700 900111')
    assert.include(text, 'pia.public@example.com')
    assert.include(text, '+44 7700 900666')
    // …the others' names only.
    assert.include(text, 'Closed Producer')
    assert.include(text, 'Hidden Hire')
    for (const hidden of [
      '+44 7700 900555',
      'quinn.private@example.com',
      '+44 7700 900777',
      'closed.producer@example.com',
      '+44 20 7946 0999',
    ]) {
      assert.notInclude(text, hidden)
    }
    assert.deepEqual(await seriousAccessibilityProblems(page), [])
    await context.close()
  })

  test('activity types paint the day grid in their colour and icon, with readable text', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const project = await callFromPage<{ id: number }>(page, 'POST', '/api/projects', {
      name: 'Painted grid shoot',
      startDate: '2031-11-03',
      endDate: '2031-11-03',
    })
    const column = await callFromPage<{ id: number }>(
      page,
      'POST',
      `/api/projects/${project.id}/schedule-columns`,
      { name: 'Camera' }
    )
    // A dark, a light and a mid-tone colour: each needs its own text colour.
    const types: Record<string, { id: number }> = {}
    for (const [name, color, icon] of [
      ['Grid Shooting', '#1e3a8a', 'camera'],
      ['Grid Catering', '#fde047', '🍲'],
      ['Grid Travel', '#808080', 'truck'],
    ]) {
      types[name] = await callFromPage<{ id: number }>(page, 'POST', '/api/activity-types', {
        name,
        color,
        icon,
      })
    }
    for (const [name, type, startTime, endTime] of [
      ['Wide shots', 'Grid Shooting', '08:00', '10:00'],
      ['Lunch', 'Grid Catering', '12:00', '13:00'],
      ['Unit move', 'Grid Travel', '14:00', '15:00'],
    ]) {
      await callFromPage(page, 'POST', '/api/activities', {
        projectId: project.id,
        date: '2031-11-03',
        name,
        activityTypeId: types[type].id,
        scheduleColumnId: column.id,
        startTime,
        endTime,
      })
    }
    await page.goto(`${stack.url('schedule')}/projects/${project.id}`)
    const block = (name: RegExp) => page.getByRole('button', { name })
    const wide = block(/^Wide shots, 08:00–10:00, Camera, Grid Shooting/)
    await wide.waitFor()
    const paint = (name: RegExp) =>
      block(name).evaluate((element) => {
        const style = getComputedStyle(element)
        return [style.backgroundColor, style.color]
      })
    assert.deepEqual(await paint(/^Wide shots/), ['rgb(30, 58, 138)', 'rgb(255, 255, 255)'])
    assert.deepEqual(await paint(/^Lunch/), ['rgb(253, 224, 71)', 'rgb(0, 0, 0)'])
    assert.deepEqual(await paint(/^Unit move/), ['rgb(128, 128, 128)', 'rgb(0, 0, 0)'])
    // The named icon is drawn; any other text (an emoji) is shown as it is.
    assert.equal(await wide.locator('svg').count(), 1)
    assert.include(await block(/^Lunch/).textContent(), '🍲')
    await wide.scrollIntoViewIfNeeded()
    assert.deepEqual(await seriousAccessibilityProblems(page), [])

    // The editor changes an activity's type, and the block takes its colour.
    await block(/^Unit move/).click()
    const editor = page.getByRole('form', { name: 'Edit Unit move' })
    await editor.getByRole('combobox', { name: 'Type' }).click()
    await page.getByRole('option', { name: 'Grid Shooting' }).click()
    await editor.getByRole('button', { name: 'Save activity' }).click()
    await block(/^Unit move, 14:00–15:00, Camera, Grid Shooting/).waitFor()
    assert.deepEqual(await paint(/^Unit move/), ['rgb(30, 58, 138)', 'rgb(255, 255, 255)'])
    await page.close()
  })
})
