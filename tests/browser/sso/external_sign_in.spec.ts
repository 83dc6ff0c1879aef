import { randomBytes } from 'node:crypto'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { Page } from 'playwright'
import { APP_IDS, type AppId } from '#services/shared/app_profiles'
import { recreateDatabase, withDatabase } from '#services/shared/embedded_database'
import { LocalStack, freePort } from '#services/shared/local_stack'
import { TestOidcProvider } from '#tests/helpers/oidc_provider'

/**
 * "Sign in with …" in Chromium: the whole stack as `npm run dev` starts it,
 * with sso pointed at a real OpenID Connect provider on loopback.
 */
test.group('sign in through an external OpenID Connect provider', (group) => {
  let stack: LocalStack
  let idp: TestOidcProvider

  group.setup(async () => {
    const server = process.env.TEST_DATABASE_SERVER_URL
    if (!server) {
      throw new Error('TEST_DATABASE_SERVER_URL is not set: run the tests with npm test')
    }
    const databaseUrls = {} as Record<AppId, string>
    const ports = {} as Record<AppId, number>
    const secrets = {} as Record<AppId, string>
    for (const appId of APP_IDS) {
      await recreateDatabase(server, `browser_oidc_${appId}`)
      databaseUrls[appId] = withDatabase(server, `browser_oidc_${appId}`)
      ports[appId] = await freePort()
      secrets[appId] = randomBytes(32).toString('base64url')
    }

    idp = new TestOidcProvider({
      redirectUris: [`http://localhost:${ports.sso}/auth/oidc/callback`],
    })
    await idp.start()
    idp.addAccount({
      sub: 'grip-at-idp',
      email: 'grip@example.com',
      emailVerified: true,
      name: 'Gale Grip',
    })
    // The demo admin is also known to the provider, under the same address.
    idp.addAccount({ sub: 'admin-at-idp', email: 'admin@example.com', emailVerified: true })

    stack = new LocalStack({
      root: app.makePath(),
      host: 'localhost',
      ports,
      databaseUrls,
      secrets,
      adminEmail: 'admin@example.com',
      extraEnv: { sso: idp.env('Test IdP') },
      log: (source, line) => {
        if (process.env.STACK_LOG) {
          console.log(`${source} │ ${line}`)
        }
      },
    })
    const seed = await stack.prepare()
    if (!seed.seeded) {
      throw new Error('the browser test databases were not empty')
    }
    await stack.start(seed)
    return async () => {
      await stack.stop()
      await idp.stop()
    }
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

    await page.getByRole('heading', { name: 'Your profile' }).waitFor()
    assert.equal(page.url(), `${stack.url('sso')}/`)
    await page.getByText('grip@example.com (confirmed)').waitFor()
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

    await page.getByRole('heading', { name: 'Welcome, Demo Admin' }).waitFor()
    assert.equal(page.url(), `${stack.url('transfer')}/admin`)
  })
})
