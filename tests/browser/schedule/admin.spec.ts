import { test } from '@japa/runner'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { callFromPage, signInToSchedule } from '#tests/helpers/schedule_browser'

type AppUser = { email: string; role: string; displayName: string }

/**
 * Administration in Chromium against the real stack: a person added,
 * renamed, made admin and removed; settings saved, and a refused value
 * explained under its field.
 */
test.group('schedule administration in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
  })

  test('an admin adds a person, renames them, makes them admin and removes them', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    await page.getByRole('link', { name: 'Admin' }).click()
    await page.getByRole('heading', { name: 'People' }).waitFor()

    await page.getByLabel('Email', { exact: true }).fill('jo.bloggs@example.com')
    await page.getByRole('button', { name: 'Add person' }).click()
    await page.getByText('jo.bloggs@example.com can now sign in.', { exact: true }).waitFor()

    const name = page.getByRole('textbox', { name: 'Name of jo.bloggs@example.com' })
    assert.equal(await name.inputValue(), 'Jo Bloggs')
    await name.fill('Jo B.')
    await name.press('Enter')
    await page.getByText('Saved jo.bloggs@example.com.', { exact: true }).first().waitFor()
    await page.getByRole('combobox', { name: 'Role of jo.bloggs@example.com' }).click()
    await page.getByRole('option', { name: 'Admin' }).click()
    await page.getByText('Saved jo.bloggs@example.com.', { exact: true }).nth(1).waitFor()

    const stored = await callFromPage<AppUser[]>(page, 'GET', '/api/admin/users')
    const jo = stored.find((user) => user.email === 'jo.bloggs@example.com')!
    assert.deepEqual([jo.displayName, jo.role], ['Jo B.', 'admin'])

    assert.equal(
      await page
        .getByRole('row')
        .filter({ hasText: seed.admin.email })
        .getByRole('button', { name: 'Remove' })
        .count(),
      0
    )
    await page
      .getByRole('row')
      .filter({ hasText: 'jo.bloggs@example.com' })
      .getByRole('button', { name: 'Remove' })
      .click()
    await page
      .getByRole('alertdialog', { name: 'Remove jo.bloggs@example.com?' })
      .getByRole('button', { name: 'Remove' })
      .click()
    await page.getByText('jo.bloggs@example.com can no longer sign in.', { exact: true }).waitFor()
  })

  test('settings are saved together and a refused one says why', async ({
    browserContext,
    assert,
    cleanup,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    // The stack is shared: the calendars of later tests count weeks from the old first day.
    const before = await callFromPage<{ settings: Record<string, unknown> }>(
      page,
      'GET',
      '/api/admin/settings'
    )
    cleanup(async () => {
      await callFromPage(page, 'PATCH', '/api/admin/settings', {
        company_name: before.settings.company_name,
        week_starts_on: before.settings.week_starts_on,
      })
    })
    await page.goto(`${stack.url('schedule')}/admin`)
    const form = page.getByRole('form', { name: 'Settings' })
    await form.getByLabel('Company name').fill('Northern Lights Productions')
    await form.getByRole('combobox', { name: 'Week starts on' }).click()
    await page.getByRole('option', { name: 'Sunday' }).click()
    await form.getByRole('button', { name: 'Save settings' }).click()
    await page.getByText('Settings saved.', { exact: true }).waitFor()

    await form.getByLabel('Backup secret').fill('short')
    await form.getByRole('button', { name: 'Save settings' }).click()
    // The refusal is shown with the field and marks it invalid.
    await form.locator('[aria-invalid="true"]').and(form.getByLabel('Backup secret')).waitFor()

    await page.reload()
    await page.getByRole('form', { name: 'Settings' }).waitFor()
    assert.equal(await page.getByLabel('Company name').inputValue(), 'Northern Lights Productions')
    const weekStart = await page.getByRole('combobox', { name: 'Week starts on' }).innerText()
    assert.equal(weekStart.trim(), 'Sunday')
    const { settings } = await callFromPage<{ settings: Record<string, unknown> }>(
      page,
      'GET',
      '/api/admin/settings'
    )
    assert.equal(settings.week_starts_on, 0)
  })
})
