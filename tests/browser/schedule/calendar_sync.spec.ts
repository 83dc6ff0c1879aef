import { randomBytes } from 'node:crypto'
import { test } from '@japa/runner'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SharedBrowserStack } from '#tests/helpers/browser_stack'
import { callFromPage, signInToSchedule, toastMessage } from '#tests/helpers/schedule_browser'

/**
 * Calendar sync in Chromium against the real stack, whose schedule has
 * CALENDAR_SERVICE_KEY and CALENDAR_API_URL pointed at the Google Calendar
 * fake: an admin chooses the calendar, tests it, lets one status through,
 * syncs, and sees the result; the fake then holds the project's events.
 */
test.group('schedule calendar sync in the browser', (group) => {
  let stack: LocalStack
  let seed: SharedBrowserStack['seed']
  let calendar: SharedBrowserStack['calendar']

  group.setup(async () => {
    ;({ stack, seed, calendar } = await sharedBrowserStack())
  })

  test('an admin configures calendar sync against the fake and sees the result of a sync', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    // A status of its own, so the sync takes this test's project and no other test's.
    const statusName = `Calsync ${randomBytes(3).toString('hex')}`
    const status = await callFromPage<{ id: number }>(page, 'POST', '/api/project-statuses', {
      name: statusName,
      color: '#0f766e',
    })
    const project = await callFromPage<{ id: number }>(page, 'POST', '/api/projects', {
      name: 'Calsync lighthouse shoot',
      startDate: '2027-02-01',
      endDate: '2027-02-02',
      projectStatusId: status.id,
    })

    try {
      await page.getByRole('link', { name: 'Admin' }).click()
      const panel = page.getByRole('region', { name: 'Google Calendar sync' })
      await panel.waitFor()
      await panel.getByText(calendar.serviceAccountKey.client_email).waitFor()

      await panel.getByLabel('Calendar ID').fill(calendar.calendarId)
      await panel.getByRole('button', { name: 'Test the calendar' }).click()
      await panel
        .getByText('Connected: the service account can see "Harbour Lights Productions".')
        .waitFor()

      await panel.getByLabel('Time zone').fill('Europe/London')
      await panel.getByRole('checkbox', { name: statusName }).check()
      await panel.getByRole('button', { name: 'Save calendar sync settings' }).click()
      await toastMessage(page, 'Calendar sync settings saved.').first().waitFor()

      await panel.getByRole('button', { name: 'Sync now' }).click()
      await toastMessage(page, 'Calendar sync done:').first().waitFor()
      await panel.getByText(/\d+ projects? synced, no errors/).waitFor()

      const events = calendar
        .liveEvents()
        .filter(
          (event) => event.extendedProperties?.private?.scheduleProjectId === String(project.id)
        )
        .map((event) => [event.summary, event.start.date])
      assert.sameDeepMembers(events, [
        ['Calsync lighthouse shoot', '2027-02-01'],
        ['Calsync lighthouse shoot', '2027-02-02'],
      ])
    } finally {
      // The stack is shared: later tests' project changes should queue no syncs.
      await callFromPage(page, 'PATCH', '/api/admin/calsync/settings', {
        calendarId: null,
        allowedStatuses: [],
      })
    }
  })
})
