import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { generate } from 'otplib'
import type { Browser, Page } from 'playwright'
import { UserAccounts } from '#services/sso/user_accounts'
import { AccountTokens } from '#services/sso/account_tokens'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { TotpService } from '#services/sso/totp_service'
import { saveScreenshot, seriousAccessibilityProblems } from '#tests/helpers/accessibility'

const PASSWORD = 'gaffer tape and coffee'
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
  let sso: string

  group.setup(async () => {
    const close = await testUtils.httpServer().start()
    sso = `http://${process.env.HOST}:${process.env.PORT}`
    return close
  })

  group.each.setup(() => testUtils.db().withGlobalTransaction())

  function person(email: string, extra: { isAdmin?: boolean } = {}) {
    return new UserAccounts().create({
      email,
      password: PASSWORD,
      displayName: 'Robin Rigger',
      emailVerified: true,
      ...extra,
    })
  }

  async function submitSignIn(page: Page, email: string) {
    await page.goto(`${sso}/login`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
  }

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
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth
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
      open: (page) => page.goto(`${sso}/login`).then(() => undefined),
    },
    {
      name: 'sign-in-refused',
      heading: 'Sign in',
      open: async (page) => {
        await page.goto(`${sso}/login`)
        await page.getByLabel('Email').fill('nobody@example.com')
        await page.getByLabel('Password', { exact: true }).fill('not a password')
        await page.getByRole('button', { name: 'Sign in' }).click()
        await page.getByText('Invalid email or password.').waitFor()
      },
    },
    {
      name: 'register',
      heading: 'Create an account',
      open: (page) => page.goto(`${sso}/register`).then(() => undefined),
    },
    {
      name: 'forgot-password',
      heading: 'Reset your password',
      open: (page) => page.goto(`${sso}/forgot-password`).then(() => undefined),
    },
    {
      name: 'authorize-error',
      heading: 'This sign-in request cannot continue',
      open: (page) => page.goto(`${sso}/authorize?client_id=unknown`).then(() => undefined),
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
      open: (page) => page.goto(`${sso}/reset-password/${token}`).then(() => undefined),
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
      await page.goto(`${sso}${path}`)
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
})
