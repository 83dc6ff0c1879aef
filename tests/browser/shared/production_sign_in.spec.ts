import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import { APP_IDS, APP_PROFILES } from '#services/shared/app_profiles'
import { startBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { transferAccountMenu } from '#tests/helpers/transfer_browser'

/**
 * The stack as `npm start` runs it (the production build, NODE_ENV=production,
 * cookies marked Secure) over plain http://localhost, in Chromium, which
 * keeps Secure cookies from localhost as from an https origin: one sign-in
 * at sso, then transfer and schedule sign in through sso and come back.
 */
test.group('npm start: one sign-in across the apps over http://localhost', (group) => {
  let running: SeededStack
  let storage: string

  group.setup(async () => {
    storage = await mkdtemp(join(tmpdir(), 'production-stack-'))
    running = await startBrowserStack(`prod${process.pid}`, () => ({}), undefined, {
      mode: 'production',
      storage,
    })
    return async () => {
      await running.stack.stop()
      await rm(storage, { recursive: true, force: true })
    }
  })

  test('sign in at sso, then at transfer and schedule through sso', async ({
    browserContext,
    assert,
  }) => {
    const { stack, seed } = running
    const page = await browserContext.newPage()
    await page.goto(`${stack.url('sso')}/login`)
    // The production bundle, not Vite's dev server.
    assert.equal(await page.locator('script[src^="/@vite/"]').count(), 0)
    await page.getByLabel('Email').fill(seed.admin.email)
    await page.getByLabel('Password', { exact: true }).fill(seed.admin.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Your apps', level: 1 }).waitFor()

    await page.goto(`${stack.url('transfer')}/admin`)
    await transferAccountMenu(page).waitFor()
    assert.equal(page.url(), `${stack.url('transfer')}/admin`)

    await page.goto(stack.url('schedule'))
    await page.waitForURL(new RegExp(`^${stack.url('schedule')}/calendar(\\?|$)`))
    await page.getByText('Demo Admin').waitFor()

    const cookies = await browserContext.cookies()
    for (const appId of APP_IDS) {
      // One cookie jar per host name: the apps' cookies differ by name, not port.
      const session = cookies.find((cookie) => cookie.name === APP_PROFILES[appId].sessionCookie)
      assert.isTrue(session?.secure, `${appId}'s session cookie is Secure`)
    }
  }).timeout(120_000)
})
