import { test } from '@japa/runner'
import { generate } from 'otplib'
import type { Browser, Page } from 'playwright'
import { AccountTokens } from '#services/sso/account_tokens'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { signingKeys } from '#services/sso/signing_keys'
import { TotpService } from '#services/sso/totp_service'
import { ssoPagesGroup, ssoPerson, submitSsoSignIn } from '#tests/helpers/sso_pages'
import { saveScreenshot, seriousAccessibilityProblems } from '#tests/helpers/accessibility'
import { cspViolations } from '#tests/helpers/content_security_policy'

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const

type Visit = {
  /** The screenshot's name under tmp/screenshots/sso/. */
  name: string
  /** Brings the page on screen (signing in first where it needs a person). */
  open: (page: Page) => Promise<void>
  /** The page's h1, which says it has rendered. */
  heading: string
}

/**
 * Every page of sso, signed out and signed in, at a desktop and a phone
 * size: no serious or critical accessibility problem (axe), no sideways
 * scroll of the page on a phone, and a screenshot of each for a person to
 * look at after the run.
 */
test.group('sso pages: accessibility and phones', (group) => {
  const server = ssoPagesGroup(group)
  const person = ssoPerson
  const submitSignIn = (page: Page, email: string) => submitSsoSignIn(page, server.url, email)

  async function audit(browser: Browser, visit: Visit) {
    const found: Record<string, string[]> = {}
    for (const size of SIZES) {
      // A phone is a touch screen (pointer: coarse), as the 44 px targets expect.
      const context = await browser.newContext({
        viewport: size.viewport,
        isMobile: size.phone,
        hasTouch: size.phone,
      })
      try {
        const page = await context.newPage()
        await visit.open(page)
        await page.getByRole('heading', { name: visit.heading, level: 1 }).waitFor()
        const problems = await seriousAccessibilityProblems(page)
        problems.push(...(await cspViolations(page)))
        // Code run in the page is passed as a string: this file is type-checked without the DOM.
        const overflow = await page.evaluate<number>(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth'
        )
        if (overflow > 0) {
          problems.push(`the page scrolls sideways by ${overflow} px`)
        }
        found[size.name] = problems
        await saveScreenshot(page, `sso/${visit.name}-${size.name}`)
      } finally {
        await context.close()
      }
    }
    return found
  }

  const signedOut: Visit[] = [
    {
      name: 'sign-in',
      heading: 'Sign in',
      open: (page) => page.goto(`${server.url}/login`).then(() => undefined),
    },
    {
      name: 'sign-in-refused',
      heading: 'Sign in',
      open: async (page) => {
        await page.goto(`${server.url}/login`)
        await page.getByLabel('Email').fill('nobody@example.com')
        await page.getByLabel('Password', { exact: true }).fill('not a password')
        await page.getByRole('button', { name: 'Sign in' }).click()
        await page.getByText('Invalid email or password.').waitFor()
      },
    },
    {
      name: 'register',
      heading: 'Create an account',
      open: (page) => page.goto(`${server.url}/register`).then(() => undefined),
    },
    {
      name: 'forgot-password',
      heading: 'Reset your password',
      open: (page) => page.goto(`${server.url}/forgot-password`).then(() => undefined),
    },
    {
      name: 'authorize-error',
      heading: 'This sign-in request cannot continue',
      open: (page) => page.goto(`${server.url}/authorize?client_id=unknown`).then(() => undefined),
    },
  ]

  for (const visit of signedOut) {
    test(`signed out: ${visit.name}`, async ({ browser, assert }) => {
      assert.deepEqual(await audit(browser, visit), { desktop: [], phone: [] })
    })
  }

  test('signed out: reset-password', async ({ browser, assert }) => {
    const robin = await person('forgetful@example.com')
    const token = await new AccountTokens().issue(robin, 'reset_password')
    const found = await audit(browser, {
      name: 'reset-password',
      heading: 'Choose a new password',
      open: (page) => page.goto(`${server.url}/reset-password/${token}`).then(() => undefined),
    })
    assert.deepEqual(found, { desktop: [], phone: [] })
  })

  test('signed out: two-factor challenge', async ({ browser, assert }) => {
    const robin = await person('two.factor@example.com')
    const totp = new TotpService()
    const { secret } = await totp.beginEnrolment(robin)
    await totp.confirmEnrolment(robin, await generate({ secret }))
    const found = await audit(browser, {
      name: 'two-factor',
      heading: 'Two-factor authentication',
      open: (page) => submitSignIn(page, 'two.factor@example.com'),
    })
    assert.deepEqual(found, { desktop: [], phone: [] })
  })

  const signedIn: Visit[] = [
    { name: 'apps', heading: 'Your apps', open: (page) => signedInAt(page, '/') },
    { name: 'profile', heading: 'Your profile', open: (page) => signedInAt(page, '/profile') },
    { name: 'security', heading: 'Security', open: (page) => signedInAt(page, '/security') },
  ]

  /** Signs in (the sign-in lands on the apps page), then opens the page. */
  async function signedInAt(page: Page, path: string) {
    await submitSignIn(page, 'signed.in@example.com')
    await page.getByRole('heading', { name: 'Your apps', level: 1 }).waitFor()
    if (path !== '/') {
      await page.goto(`${server.url}${path}`)
    }
  }

  for (const signedInVisit of signedIn) {
    test(`signed in: ${signedInVisit.name}`, async ({ browser, assert }) => {
      await person('signed.in@example.com')
      assert.deepEqual(await audit(browser, signedInVisit), { desktop: [], phone: [] })
    })
  }

  const adminPages: Visit[] = [
    { name: 'admin-people', heading: 'People', open: (page) => signedInAt(page, '/admin/people') },
    {
      name: 'admin-apps',
      heading: 'Connected apps',
      open: (page) => signedInAt(page, '/admin/apps'),
    },
    { name: 'admin-audit', heading: 'Audit log', open: (page) => signedInAt(page, '/admin/audit') },
  ]

  for (const adminVisit of adminPages) {
    test(`signed in as an admin: ${adminVisit.name}`, async ({ browser, assert }) => {
      await person('signed.in@example.com', { isAdmin: true })
      await person('second.person@example.com')
      await new ConnectedAppRegistry().create('Transfer', [
        'https://files.example.com/auth/callback',
      ])
      assert.deepEqual(await audit(browser, adminVisit), { desktop: [], phone: [] })
    })
  }

  test('the account widget, opened with a real embed token, and its error page', async ({
    browser,
    assert,
  }) => {
    await signingKeys.reload()
    const { app, secretKey } = await new ConnectedAppRegistry().create('Relying app', [
      'https://relying.example.com/auth/callback',
    ])
    const pat = await person('pat@example.com')
    const answer = await fetch(`${server.url}/api/embed/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: app.apiKey, secretKey, userId: pat.id }),
    })
    const { token } = (await answer.json()) as { token: string }
    for (const section of ['profile', 'security']) {
      const found = await audit(browser, {
        name: `embed-${section}`,
        heading: 'Your account',
        open: (page) =>
          page
            .goto(`${server.url}/embed?token=${encodeURIComponent(token)}&section=${section}`)
            .then(() => undefined),
      })
      assert.deepEqual(found, { desktop: [], phone: [] }, section)
    }
    const error = await audit(browser, {
      name: 'embed-error',
      heading: 'Account widget unavailable',
      open: (page) => page.goto(`${server.url}/embed?token=expired`).then(() => undefined),
    })
    assert.deepEqual(error, { desktop: [], phone: [] })
  })
})
