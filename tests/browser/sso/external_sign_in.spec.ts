import { test } from '@japa/runner'
import type { Page } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack } from '#tests/helpers/browser_stack'
import { transferAccountMenu } from '#tests/helpers/transfer_browser'

/**
 * "Sign in with …" in Chromium: the whole stack as `npm run dev` starts it,
 * with sso pointed at a real OpenID Connect provider on loopback.
 */
test.group('sign in through an external OpenID Connect provider', (group) => {
  let stack: LocalStack

  group.setup(async () => {
    const shared = await sharedBrowserStack()
    stack = shared.stack
    shared.idp.addAccount({
      sub: 'grip-at-idp',
      email: 'grip@example.com',
      emailVerified: true,
      name: 'Gale Grip',
    })
    // The demo admin is also known to the provider, under the same address.
    shared.idp.addAccount({ sub: 'admin-at-idp', email: 'admin@example.com', emailVerified: true })
  })

  async function logInAtProvider(page: Page, email: string) {
    await page.getByRole('link', { name: 'Sign in with Test IdP' }).click()
    await page.getByRole('heading', { name: 'Test IdP sign-in' }).waitFor()
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Sign in' }).click()
  }

  test('a new person signs in with the provider and lands on their sso account', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await page.goto(`${stack.url('sso')}/login`)
    await logInAtProvider(page, 'grip@example.com')

    await page.getByRole('heading', { name: 'Your apps' }).waitFor()
    assert.equal(page.url(), `${stack.url('sso')}/`)
    await page.getByRole('link', { name: 'Profile' }).click()
    await page.getByRole('heading', { name: 'Your profile' }).waitFor()
    const email = page.getByRole('region', { name: 'Email' })
    await email.getByText('grip@example.com', { exact: true }).waitFor()
    await email.getByText('Confirmed', { exact: true }).waitFor()
    assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), 'Gale Grip')
  })

  test('signing in to transfer through sso and the provider links the existing admin', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await page.goto(`${stack.url('transfer')}/admin`)
    await page.waitForURL(`${stack.url('sso')}/login`)
    await logInAtProvider(page, 'admin@example.com')

    // Signed in as the existing admin: their menu, and the admins-only section in the nav.
    await transferAccountMenu(page).filter({ hasText: 'Demo Admin' }).waitFor()
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Email templates' })
      .waitFor()
    assert.equal(page.url(), `${stack.url('transfer')}/admin`)
  })
})
