import { test } from '@japa/runner'
import type { Page } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import { startBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'

/**
 * The whole stack as `npm run dev` starts it (own databases, free ports), and
 * one person in one Chromium: sign in once at sso, use transfer and schedule,
 * sign out of one and stay signed in to the other.
 */
test.group('one sign-in across sso, transfer and schedule', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await startBrowserStack('shared'))
    return () => stack.stop()
  })

  async function addPerson(page: Page, email: string) {
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByRole('button', { name: 'Add person' }).click()
    await page.getByText(`${email} can now sign in.`).waitFor()
    await page.getByRole('cell', { name: email }).waitFor()
  }

  test('sign in at sso once, then use transfer and schedule; sign out of one only', async ({
    browserContext,
    assert,
  }) => {
    const transfer = await browserContext.newPage()
    await transfer.goto(`${stack.url('transfer')}/admin`)

    await transfer.waitForURL(`${stack.url('sso')}/login`)
    await transfer.getByLabel('Email').fill(seed.admin.email)
    await transfer.getByLabel('Password').fill(seed.admin.password)
    await transfer.getByRole('button', { name: 'Sign in' }).click()

    // transfer's staff area: the signed-in frame (navigation, sign-out) around the uploads page.
    await transfer.getByRole('navigation', { name: 'Staff area' }).waitFor()
    await transfer.getByRole('button', { name: 'Sign out' }).waitFor()
    assert.equal(
      transfer.url(),
      `${stack.url('transfer')}/admin`,
      'the one-time code left the address bar'
    )

    // schedule opens on its calendar once signed in, the code gone from the address.
    const schedule = await browserContext.newPage()
    await schedule.goto(stack.url('schedule'))
    await schedule.waitForURL(new RegExp(`^${stack.url('schedule')}/calendar\\?`))
    await schedule.getByRole('navigation', { name: 'Main' }).waitFor()
    await schedule.getByText('Demo Admin').waitFor()
    assert.notInclude(schedule.url(), 'auth_code')

    await transfer
      .getByRole('navigation', { name: 'Staff area' })
      .getByRole('link', { name: 'Users' })
      .click()
    await transfer.waitForURL(`${stack.url('transfer')}/admin/users`)
    await addPerson(transfer, 'grip@example.com')
    await schedule
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Admin' })
      .click()
    await schedule.getByRole('heading', { name: 'People' }).waitFor()
    await addPerson(schedule, 'gaffer@example.com')

    await transfer.getByRole('button', { name: 'Sign out' }).click()
    await transfer.waitForURL(`${stack.url('transfer')}/`)
    const me = await transfer.request.get(`${stack.url('transfer')}/api/auth/me`)
    assert.equal(me.status(), 401)

    await schedule.reload()
    await schedule.getByRole('heading', { name: 'People' }).waitFor()
    await schedule.getByRole('cell', { name: 'gaffer@example.com' }).waitFor()

    await transfer.goto(`${stack.url('transfer')}/admin`)
    await transfer.waitForURL(`${stack.url('sso')}/login`)
  })
})
