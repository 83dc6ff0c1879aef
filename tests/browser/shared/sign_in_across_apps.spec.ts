import { randomBytes } from 'node:crypto'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { Page } from 'playwright'
import { APP_IDS, type AppId } from '#services/shared/app_profiles'
import { recreateDatabase, withDatabase } from '#services/shared/embedded_database'
import { LocalStack, freePort, type SeedResult } from '#services/shared/local_stack'

/**
 * The whole stack as `npm run dev` starts it (own databases, free ports), and
 * one person in one Chromium: sign in once at sso, use transfer and schedule,
 * sign out of one and stay signed in to the other.
 */
test.group('one sign-in across sso, transfer and schedule', (group) => {
  let stack: LocalStack
  let seed: Extract<SeedResult, { seeded: true }>

  group.setup(async () => {
    const server = process.env.TEST_DATABASE_SERVER_URL
    if (!server) {
      throw new Error('TEST_DATABASE_SERVER_URL is not set: run the tests with npm test')
    }
    const databaseUrls = {} as Record<AppId, string>
    const ports = {} as Record<AppId, number>
    const secrets = {} as Record<AppId, string>
    for (const appId of APP_IDS) {
      await recreateDatabase(server, `browser_${appId}`)
      databaseUrls[appId] = withDatabase(server, `browser_${appId}`)
      ports[appId] = await freePort()
      secrets[appId] = randomBytes(32).toString('base64url')
    }
    stack = new LocalStack({
      root: app.makePath(),
      host: 'localhost',
      ports,
      databaseUrls,
      secrets,
      adminEmail: 'admin@example.com',
      log: (source, line) => {
        if (process.env.STACK_LOG) {
          console.log(`${source} │ ${line}`)
        }
      },
    })
    const result = await stack.prepare()
    if (!result.seeded) {
      throw new Error('the browser test databases were not empty')
    }
    seed = result
    await stack.start(seed)
    return () => stack.stop()
  })

  async function addPerson(page: Page, email: string) {
    await page.getByLabel('Email').fill(email)
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

    await transfer.getByRole('heading', { name: 'Welcome, Demo Admin' }).waitFor()
    assert.equal(
      transfer.url(),
      `${stack.url('transfer')}/admin`,
      'the one-time code left the address bar'
    )

    const schedule = await browserContext.newPage()
    await schedule.goto(stack.url('schedule'))
    await schedule.getByRole('heading', { name: 'Welcome, Demo Admin' }).waitFor()
    assert.equal(schedule.url(), `${stack.url('schedule')}/`)

    await addPerson(transfer, 'grip@example.com')
    await addPerson(schedule, 'gaffer@example.com')

    await transfer.getByRole('button', { name: 'Sign out' }).click()
    await transfer.waitForURL(`${stack.url('transfer')}/`)
    const me = await transfer.request.get(`${stack.url('transfer')}/api/auth/me`)
    assert.equal(me.status(), 401)

    await schedule.reload()
    await schedule.getByRole('heading', { name: 'Welcome, Demo Admin' }).waitFor()
    await schedule.getByRole('cell', { name: 'gaffer@example.com' }).waitFor()

    await transfer.goto(`${stack.url('transfer')}/admin`)
    await transfer.waitForURL(`${stack.url('sso')}/login`)
  })
})
