import { test } from '@japa/runner'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { callFromPage, signInToSchedule } from '#tests/helpers/schedule_browser'

type Record = { id: number; name: string }
type ShareLink = { id: number; url: string }

/**
 * The public share page in Chromium against the real stack: a visitor with
 * no account sees the project and the people it holds but no contact details
 * or internal statuses, and a
 * revoked or unknown link says plainly that it does not work.
 */
test.group('schedule share page in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
  })

  test('a visitor sees the shared project until the link is revoked', async ({
    browserContext,
    browser,
    assert,
  }) => {
    const staff = await signInToSchedule(browserContext, stack, seed)
    const project = await callFromPage<Record>(staff, 'POST', '/api/projects', {
      name: 'Canal documentary',
      startDate: '2031-09-01',
      endDate: '2031-09-03',
      notes: 'Internal: budget is tight',
    })
    const crew = await callFromPage<Record>(staff, 'POST', '/api/crew', {
      name: 'Pat Camera',
      email: 'pat@example.com',
      phone: '+44 7700 900123',
    })
    await callFromPage(staff, 'POST', `/api/projects/${project.id}/crew`, { crewId: crew.id })
    // Only asked about the job: not on it as far as the recipient is concerned.
    const asked = await callFromPage<Record>(staff, 'POST', '/api/crew', { name: 'Ash Asked' })
    const statuses = await callFromPage<Record[]>(staff, 'GET', '/api/statuses')
    await callFromPage(staff, 'POST', `/api/projects/${project.id}/crew`, {
      crewId: asked.id,
      statusId: statuses.find((status) => status.name === 'Asked')!.id,
    })
    await callFromPage(staff, 'PUT', `/api/projects/${project.id}/day-info/2031-09-02`, {
      title: 'Lock day',
      callTime: '07:30',
    })
    const link = await callFromPage<ShareLink>(staff, 'POST', '/api/share', {
      resourceType: 'project',
      resourceId: project.id,
    })

    const visitorContext = await browser.newContext()
    const visitor = await visitorContext.newPage()
    await visitor.goto(link.url)
    await visitor.getByRole('heading', { name: 'Canal documentary' }).waitFor()
    await visitor.getByRole('cell', { name: 'Pat Camera' }).waitFor()
    await visitor.getByRole('cell', { name: 'Lock day' }).waitFor()
    await visitor.getByText('Mon 1 Sep 2031 – Wed 3 Sep 2031').waitFor()
    const text = await visitor.locator('main').innerText()
    assert.notInclude(text, 'pat@example.com')
    assert.notInclude(text, '7700')
    assert.notInclude(text, 'budget')
    // The company's internal statuses are not the recipient's business.
    for (const internal of ['Pencilled', 'Tentative', 'Asked', 'Status', 'Ash Asked']) {
      assert.notInclude(text, internal)
    }

    await callFromPage(staff, 'PATCH', `/api/share/${link.id}`, { revoked: true })
    await visitor.reload()
    await visitor.getByRole('heading', { name: 'This link no longer works' }).waitFor()
    await visitor.getByText('This share link has been revoked').waitFor()
    assert.notInclude(await visitor.locator('main').innerText(), 'Canal documentary')

    await visitor.goto(`${stack.url('schedule')}/share/no-such-token`)
    await visitor.getByRole('heading', { name: 'Link not found' }).waitFor()
    await visitorContext.close()
  })
})
