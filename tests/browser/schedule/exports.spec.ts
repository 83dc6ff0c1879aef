import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import { parse } from 'csv-parse/sync'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { callFromPage, signInToSchedule } from '#tests/helpers/schedule_browser'
import { pdfPages } from '#tests/helpers/export_files'

type Record = { id: number; name: string }
type ShareLink = { id: number; url: string }

/**
 * The Export menus in Chromium against the real stack: the calendar's saves
 * the projects of the days on screen as CSV, the project page's saves the
 * project as a PDF (Playwright's download event: the browser really saves
 * the file the server streams).
 */
test.group('schedule exports in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
  })

  test('the calendar exports its projects as CSV and the project page as PDF', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const project = await callFromPage<Record>(page, 'POST', '/api/projects', {
      name: 'Export Fête Ångström',
      startDate: '2032-03-10',
      endDate: '2032-03-12',
      notes: 'Printed notes',
    })
    const outside = await callFromPage<Record>(page, 'POST', '/api/projects', {
      name: 'Export far later',
      startDate: '2032-06-10',
      endDate: '2032-06-10',
    })

    await page.goto(`${stack.url('schedule')}/calendar?view=month&mode=projects&date=2032-03-10`)
    await page.getByRole('heading', { name: 'March 2032' }).waitFor()
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /^CSV/ }).click(),
    ])
    // The month's grid, whole weeks: from late February to early April.
    const range = /^projects-(\d{4}-\d{2}-\d{2})-to-(\d{4}-\d{2}-\d{2})-[\d-]+\.csv$/.exec(
      csvDownload.suggestedFilename()
    )
    assert.exists(range, csvDownload.suggestedFilename())
    const [, from, to] = range!
    assert.isTrue(from <= '2032-03-01' && from >= '2032-02-23', from)
    assert.isTrue(to >= '2032-03-31' && to <= '2032-04-06', to)
    const rows: { [column: string]: string }[] = parse(
      await readFile(await csvDownload.path(), 'utf8'),
      { bom: true, columns: true }
    )
    const names = rows.map((row) => row.Name)
    assert.include(names, 'Export Fête Ångström')
    assert.notInclude(names, outside.name)
    for (const row of rows) {
      assert.isTrue(row.Start <= to && row.End >= from, `${row.Name} is in the range`)
    }

    await page.goto(`${stack.url('schedule')}/projects/${project.id}`)
    await page.getByRole('heading', { name: project.name, level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /^PDF/ }).click(),
    ])
    assert.equal(pdfDownload.suggestedFilename(), `Export-Fête-Ångström-${project.id}.pdf`)
    const pages = await pdfPages(await readFile(await pdfDownload.path()), 'browser-project')
    assert.include(pages[0], 'Export Fête Ångström')
    assert.include(pages[0], 'Printed notes')
  })

  test("a share link's visitor downloads the page as Markdown, without what the page leaves out", async ({
    browserContext,
    browser,
    assert,
  }) => {
    const staff = await signInToSchedule(browserContext, stack, seed)
    const project = await callFromPage<Record>(staff, 'POST', '/api/projects', {
      name: 'Export shared Łódź',
      startDate: '2032-05-01',
      endDate: '2032-05-02',
      notes: 'Internal: budget is tight',
    })
    const crew = await callFromPage<Record>(staff, 'POST', '/api/crew', {
      name: 'Export Nguyễn',
      phone: '+44 7700 900999',
    })
    await callFromPage(staff, 'POST', `/api/projects/${project.id}/crew`, { crewId: crew.id })
    const link = await callFromPage<ShareLink>(staff, 'POST', '/api/share', {
      resourceType: 'project',
      resourceId: project.id,
    })

    const visitorContext = await browser.newContext()
    const visitor = await visitorContext.newPage()
    await visitor.goto(link.url)
    await visitor.getByRole('heading', { name: project.name }).waitFor()
    await visitor.getByRole('button', { name: 'Download' }).click()
    assert.deepEqual(await visitor.getByRole('menuitem').allInnerTexts(), [
      'PDF (to print)',
      'Markdown (.md)',
    ])
    const [download] = await Promise.all([
      visitor.waitForEvent('download'),
      visitor.getByRole('menuitem', { name: /^Markdown/ }).click(),
    ])
    assert.equal(download.suggestedFilename(), 'Export-shared-Łódź.md')
    const markdown = await readFile(await download.path(), 'utf8')
    assert.include(markdown, '# Export shared Łódź')
    assert.include(markdown, '| Export Nguyễn |')
    for (const hidden of ['budget', '7700', 'Pencilled', 'Tentative']) {
      assert.notInclude(markdown, hidden)
    }
    await visitorContext.close()
  })
})
