import testUtils from '@adonisjs/core/services/test_utils'
import type { Group } from '@japa/runner/core'
import type { Page } from 'playwright'
import { UserAccounts } from '#services/sso/user_accounts'

/** The password of every person these helpers create. */
export const SSO_TEST_PASSWORD = 'gaffer tape and coffee'

/**
 * sso's own browser files (not the shared stack): this run's HTTP server and
 * a transaction per test. Returns the server's address.
 */
export function ssoPagesGroup(group: Group) {
  const server = { url: '' }
  group.setup(async () => {
    const close = await testUtils.httpServer().start()
    server.url = `http://${process.env.HOST}:${process.env.PORT}`
    return close
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  return server
}

/** A confirmed person who can sign in with SSO_TEST_PASSWORD. */
export function ssoPerson(email: string, extra: { isAdmin?: boolean; displayName?: string } = {}) {
  return new UserAccounts().create({
    email,
    password: SSO_TEST_PASSWORD,
    displayName: 'Robin Rigger',
    emailVerified: true,
    ...extra,
  })
}

/** Fills in and sends sso's sign-in form (where it lands depends on the person). */
export async function submitSsoSignIn(page: Page, ssoUrl: string, email: string) {
  await page.goto(`${ssoUrl}/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(SSO_TEST_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Signs in and waits for the apps page, where signing in at sso directly lands. */
export async function signInAtSso(page: Page, ssoUrl: string, email: string) {
  await submitSsoSignIn(page, ssoUrl, email)
  await page.getByRole('heading', { name: 'Your apps', level: 1 }).waitFor()
}
