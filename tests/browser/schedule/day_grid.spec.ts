import { test } from '@japa/runner'
import type { Locator, Page } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { callFromPage, signInToSchedule } from '#tests/helpers/schedule_browser'

type Activity = {
  id: number
  name: string
  startTime: string
  endTime: string | null
  scheduleColumnId: number
  participants: { name: string }[]
}
type Column = { id: number; name: string; hiddenDates: string[] }

/** The grid's geometry (production_days.tsx): 14 px a quarter hour, from 06:00 by default. */
const ROW_PX = 14
const rowOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number)
  return (hours * 60 + minutes - 6 * 60) / 15
}

/**
 * The day grid on the project page in Chromium: an activity drawn with the
 * mouse, moved (down and into another column) and resized with the mouse,
 * then moved, resized and moved back across columns with the keyboard; a
 * column hidden for one day and shown again.
 */
test.group('schedule day grid in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
  })

  async function dragBetween(
    page: Page,
    from: { x: number; y: number },
    to: { x: number; y: number }
  ) {
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    // Several steps, as a hand moves: the grid follows the pointer as it goes.
    await page.mouse.move(to.x, to.y, { steps: 8 })
    await page.mouse.up()
  }

  async function box(locator: Locator) {
    const found = await locator.boundingBox()
    if (!found) throw new Error('not on screen')
    return found
  }

  test('activities are drawn, moved and resized by mouse and by keyboard; a column is hidden for a day', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const project = await callFromPage<{ id: number; name: string }>(
      page,
      'POST',
      '/api/projects',
      {
        name: 'Grid shoot',
        startDate: '2031-09-01',
        endDate: '2031-09-02',
      }
    )
    const camera = await callFromPage<Column>(
      page,
      'POST',
      `/api/projects/${project.id}/schedule-columns`,
      {
        name: 'Camera',
      }
    )
    const talent = await callFromPage<Column>(
      page,
      'POST',
      `/api/projects/${project.id}/schedule-columns`,
      {
        name: 'Talent',
      }
    )
    const crew = await callFromPage<{ id: number }>(page, 'POST', '/api/crew', { name: 'Rui Grid' })
    await callFromPage(page, 'POST', `/api/projects/${project.id}/crew`, { crewId: crew.id })
    await page.goto(`${stack.url('schedule')}/projects/${project.id}`)
    await page.getByRole('heading', { name: 'Production days' }).waitFor()
    const cameraColumn = page.getByTestId('column-Camera')
    const talentColumn = page.getByTestId('column-Talent')
    await cameraColumn.scrollIntoViewIfNeeded()

    // Draw 09:00–10:00 in Camera.
    const cameraBox = await box(cameraColumn)
    const x = cameraBox.x + cameraBox.width / 2
    await dragBetween(
      page,
      { x, y: cameraBox.y + rowOf('09:00') * ROW_PX + 3 },
      { x, y: cameraBox.y + rowOf('09:45') * ROW_PX + 3 }
    )
    const block = (name: RegExp) => page.getByRole('button', { name })
    await block(/^New activity, 09:00–10:00, Camera/).waitFor()

    // Down an hour and across into Talent.
    const talentBox = await box(talentColumn)
    const drawn = await box(block(/^New activity/))
    await dragBetween(
      page,
      { x: drawn.x + drawn.width / 2, y: drawn.y + 5 },
      { x: talentBox.x + talentBox.width / 2, y: drawn.y + 5 + 4 * ROW_PX }
    )
    await block(/^New activity, 10:00–11:00, Talent/).waitFor()

    // Its lower edge half an hour further.
    const moved = await box(block(/^New activity/))
    await dragBetween(
      page,
      { x: moved.x + moved.width / 2, y: moved.y + moved.height - 2 },
      { x: moved.x + moved.width / 2, y: moved.y + moved.height - 2 + 2 * ROW_PX }
    )
    await block(/^New activity, 10:00–11:30, Talent/).waitFor()

    // The keyboard: up a quarter hour, the end down a quarter hour, back to Camera.
    await block(/^New activity/).focus()
    await page.keyboard.press('ArrowUp')
    await block(/^New activity, 09:45–11:15, Talent/).waitFor()
    await page.keyboard.press('Shift+ArrowDown')
    await block(/^New activity, 09:45–11:30, Talent/).waitFor()
    await page.keyboard.press('ArrowLeft')
    await block(/^New activity, 09:45–11:30, Camera/).waitFor()

    // Enter opens its fields: renamed, with someone from the roster.
    await page.keyboard.press('Enter')
    const editor = page.getByRole('form', { name: 'Edit New activity' })
    await editor.getByLabel('Name').fill('Lens test')
    await editor.getByLabel('Rui Grid').check()
    await editor.getByRole('button', { name: 'Save activity' }).click()
    await block(/^Lens test, 09:45–11:30, Camera/).waitFor()

    const [saved] = await callFromPage<Activity[]>(
      page,
      'GET',
      `/api/activities?projectId=${project.id}&date=2031-09-01`
    )
    assert.deepInclude(saved, {
      name: 'Lens test',
      startTime: '09:45',
      endTime: '11:30',
      scheduleColumnId: camera.id,
    })
    assert.deepEqual(
      saved.participants.map((person) => person.name),
      ['Rui Grid']
    )

    // The day's call sheet, in the page as printed.
    await page.getByRole('button', { name: 'Call sheet of this day' }).click()
    const sheet = page.getByRole('article', { name: 'Call sheet' })
    await sheet.getByRole('table', { name: 'Schedule' }).getByText('Lens test').waitFor()
    await sheet.getByRole('table', { name: 'Crew' }).getByText('Rui Grid').waitFor()
    assert.include(await sheet.textContent(), 'Day 1 of 2')

    // Copied to day 2: its one-line summary says so.
    await page.getByLabel('Copy this day’s activities to').selectOption('2031-09-02')
    await page.getByRole('button', { name: 'Copy', exact: true }).click()
    await page.getByText('1 activity, 09:45–11:30: Lens test').nth(1).waitFor()

    // Talent hidden on the first day only.
    await page.getByRole('button', { name: /^Hide Talent on Mon 1 Sep/ }).click()
    await page.getByRole('button', { name: 'Show Talent' }).waitFor()
    assert.equal(await talentColumn.count(), 0)
    const columns = await callFromPage<Column[]>(
      page,
      'GET',
      `/api/projects/${project.id}/schedule-columns`
    )
    assert.deepEqual(
      columns.map((column) => [column.id, column.hiddenDates]),
      [
        [camera.id, []],
        [talent.id, ['2031-09-01']],
      ]
    )
    await page.getByRole('button', { name: /^Day 2/ }).click()
    await talentColumn.waitFor()
    await page.getByRole('button', { name: /^Day 1/ }).click()
    await page.getByRole('button', { name: 'Show Talent' }).click()
    await talentColumn.waitFor()
    await page.close()
  })
})
