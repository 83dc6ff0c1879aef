import { test } from '@japa/runner'
import type { Page } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { signOutOfTransfer, transferAccountMenu } from '#tests/helpers/transfer_browser'

/**
 * The whole stack as `npm run dev` starts it (own databases, free ports), and
 * one person in one Chromium: sign in once at sso, use transfer and schedule,
 * sign out of one and stay signed in to the other. Then the sign-in's binding
 * to the browser that started it, against the real sso: a browser that drops
 * cookies set on redirects still signs in, and a link carrying someone else's
 * sign-in signs nobody in.
 */
test.group('one sign-in across sso, transfer and schedule', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
  })

  async function addPerson(page: Page, email: string) {
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByRole('button', { name: 'Add person' }).click()
    await page.getByText(`${email} can now sign in.`, { exact: true }).waitFor()
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
    await transfer.getByRole('navigation', { name: 'Main' }).waitFor()
    await transferAccountMenu(transfer).waitFor()
    assert.equal(
      transfer.url(),
      `${stack.url('transfer')}/admin`,
      'the one-time code left the address bar'
    )

    // schedule opens on its calendar once signed in, the code gone from the address.
    const schedule = await browserContext.newPage()
    await schedule.goto(stack.url('schedule'))
    await schedule.waitForURL(new RegExp(`^${stack.url('schedule')}/calendar(\\?|$)`))
    await schedule.getByRole('navigation', { name: 'Main' }).waitFor()
    await schedule.getByText('Demo Admin').waitFor()
    assert.notInclude(schedule.url(), 'auth_code')

    await transfer
      .getByRole('navigation', { name: 'Main' })
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

    await signOutOfTransfer(transfer)
    await transfer.waitForURL(`${stack.url('transfer')}/`)
    const me = await transfer.request.get(`${stack.url('transfer')}/api/auth/me`)
    assert.equal(me.status(), 401)

    await schedule.reload()
    await schedule.getByRole('heading', { name: 'People' }).waitFor()
    await schedule.getByRole('cell', { name: 'gaffer@example.com' }).waitFor()

    await transfer.goto(`${stack.url('transfer')}/admin`)
    await transfer.waitForURL(`${stack.url('sso')}/login`)
  })

  async function signInAtSso(page: Page) {
    await page.waitForURL(`${stack.url('sso')}/login`)
    await page.getByLabel('Email').fill(seed.admin.email)
    await page.getByLabel('Password').fill(seed.admin.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
  }

  test('a browser that drops cookies set on redirect responses still signs in to both apps', async ({
    browserContext,
    assert,
  }) => {
    const appOrigins = [stack.url('transfer'), stack.url('schedule')]
    const transfer = await browserContext.newPage()
    const droppedInTransfer = await dropCookiesOnRedirects(transfer, appOrigins)
    await transfer.goto(`${stack.url('transfer')}/admin`)
    await signInAtSso(transfer)
    await transfer.getByRole('navigation', { name: 'Main' }).waitFor()
    assert.equal(transfer.url(), `${stack.url('transfer')}/admin`)

    const schedule = await browserContext.newPage()
    const droppedInSchedule = await dropCookiesOnRedirects(schedule, appOrigins)
    await schedule.goto(stack.url('schedule'))
    await schedule.waitForURL(new RegExp(`^${stack.url('schedule')}/calendar(\\?|$)`))
    await schedule.getByText('Demo Admin').waitFor()

    // The apps did set cookies on redirects, and this browser dropped them.
    assert.isAbove(droppedInTransfer(), 0)
    assert.isAbove(droppedInSchedule(), 0)
  })

  test("a link carrying someone else's sign-in signs nobody in, in either app", async ({
    browser,
    browserContext,
    assert,
  }) => {
    // The attacker signs in to each app as far as sso's return to the callback, and keeps that link.
    const attackerContext = await browser.newContext()
    await attackerContext.route(
      (url) => url.pathname === '/auth/callback',
      (route) => route.abort()
    )
    const attacker = await attackerContext.newPage()
    const returnTo = (app: 'transfer' | 'schedule') =>
      attacker
        .waitForRequest((request) => request.url().startsWith(`${stack.url(app)}/auth/callback?`))
        .then((request) => request.url())
    const transferReturn = returnTo('transfer')
    await attacker.goto(`${stack.url('transfer')}/api/auth/login`)
    await signInAtSso(attacker)
    const transferLink = await transferReturn
    const scheduleReturn = returnTo('schedule')
    await attacker.goto(`${stack.url('schedule')}/login`)
    const scheduleLink = await scheduleReturn
    await attackerContext.close()

    const victim = await browserContext.newPage()
    await victim.goto(`${stack.url('transfer')}/admin`)
    await victim.waitForURL(`${stack.url('sso')}/login`)
    // The attacker's own browser followed the link (a redirect's hops cannot be stopped), so
    // its token is spent: the callback refuses it before any code is handed out.
    await victim.goto(transferLink)
    await victim.getByText('was not started in this browser').waitFor()
    await victim.getByRole('link', { name: 'Staff sign in' }).waitFor()
    const transferMe = await victim.request.get(`${stack.url('transfer')}/api/auth/me`)
    assert.equal(transferMe.status(), 401)

    await victim.goto(scheduleLink)
    await victim.getByText('was not started in this browser').waitFor()
    await victim.getByRole('link', { name: 'Sign in' }).waitFor()
    const scheduleMe = await victim.request.get(`${stack.url('schedule')}/api/auth/me`)
    assert.deepEqual(await scheduleMe.json(), { authenticated: false })
  })
})

/**
 * Makes the page behave like the mobile browsers that drop cookies set on
 * redirect responses, for documents of the given origins. Playwright's own
 * routing never sees the hops of a redirect, so this pauses each such request
 * through the DevTools protocol, sends it from here, and hands the answer
 * back: a 3xx without its Set-Cookie, anything else whole. Returns how many
 * cookies were dropped so far.
 */
async function dropCookiesOnRedirects(page: Page, origins: string[]) {
  let dropped = 0
  const devtools = await page.context().newCDPSession(page)
  devtools.on('Fetch.requestPaused', async ({ requestId, request }) => {
    const cookies = await page.context().cookies(request.url)
    const response = await fetch(request.url, {
      method: request.method,
      headers: {
        ...request.headers,
        cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
      },
      body: request.postData,
      redirect: 'manual',
    })
    const isRedirect = response.status >= 300 && response.status < 400
    const headers: { name: string; value: string }[] = []
    response.headers.forEach((value, name) => {
      // fetch has already decoded the body, and joined the cookies (taken apart below).
      if (!['set-cookie', 'content-encoding', 'content-length'].includes(name)) {
        headers.push({ name, value })
      }
    })
    for (const cookie of response.headers.getSetCookie()) {
      if (isRedirect) {
        dropped++
      } else {
        headers.push({ name: 'set-cookie', value: cookie })
      }
    }
    await devtools.send('Fetch.fulfillRequest', {
      requestId,
      responseCode: response.status,
      responseHeaders: headers,
      body: Buffer.from(await response.arrayBuffer()).toString('base64'),
    })
  })
  await devtools.send('Fetch.enable', {
    patterns: origins.map((origin) => ({
      urlPattern: `${origin}/*`,
      resourceType: 'Document' as const,
      requestStage: 'Request' as const,
    })),
  })
  return () => dropped
}
