/*
 * Signing in as a person does: at a relying app, through sso, and back to
 * a page of the relying app with its data on screen.
 */
import pg from 'pg'
import type { BrowserContext, Page } from 'playwright-core'
import type { LocalStack } from '../../app/services/shared/local_stack.ts'
import { APP_PROFILES } from '../../app/services/shared/app_profiles.ts'

export type Admin = { email: string; password: string }

/** Where each relying app's sign-in starts and what its signed-in page shows. */
export const ROUND_TRIPS = {
  // The public upload page's "Staff sign in" leads to the uploads list.
  transfer: {
    start: '/',
    click: (page: Page) => page.getByRole('link', { name: 'Staff sign in' }).click(),
    landing: 'Union Chapel room tone',
  },
  // Signed out, any page of schedule is its sign-in: opening it starts the round trip.
  // (A project of the demo that spans today, on the calendar.)
  schedule: { start: null, click: null, landing: 'Tour Documentary' },
} as const

export type RelyingApp = keyof typeof ROUND_TRIPS

/** Fills sso's sign-in form (the page must be on it); submit it with the returned function. */
async function fillSsoForm(page: Page, admin: Admin) {
  await page.getByLabel('Email').fill(admin.email)
  await page.getByLabel('Password').fill(admin.password)
  return () => page.getByRole('button', { name: 'Sign in' }).click()
}

/** Signs the context in to sso (its form) and then to both relying apps. */
export async function signInEverywhere(context: BrowserContext, stack: LocalStack, admin: Admin) {
  const page = await context.newPage()
  await page.goto(`${stack.url('transfer')}/admin`)
  await page.waitForURL((url) => url.href.startsWith(`${stack.url('sso')}/login`))
  await (
    await fillSsoForm(page, admin)
  )()
  await page.getByRole('button', { name: /account menu/ }).waitFor()
  await page.goto(`${stack.url('schedule')}/calendar`)
  await page.getByRole('button', { name: /account menu/ }).waitFor()
  await page.close()
}

/**
 * Forgets the app's and sso's rate-limit counts: transfer allows ten code
 * exchanges per address in 15 minutes, fewer than the bench's round trips.
 */
async function forgetRateLimits(stack: LocalStack, app: RelyingApp) {
  for (const appId of ['sso', app] as const) {
    const client = new pg.Client({ connectionString: stack.options.databaseUrls[appId] })
    await client.connect()
    try {
      await client.query('delete from rate_limits')
    } finally {
      await client.end()
    }
  }
}

/**
 * One sign-in round trip at `app` for a context signed in at sso but not at
 * the app: from the click on "sign in" (for schedule, opening it) until the
 * signed-in page shows its data; milliseconds by the browser's clock.
 */
export async function roundTrip(context: BrowserContext, stack: LocalStack, app: RelyingApp) {
  await context.clearCookies({ name: APP_PROFILES[app].sessionCookie })
  await forgetRateLimits(stack, app)
  const page = await context.newPage()
  const trip = ROUND_TRIPS[app]
  const base = stack.url(app)
  try {
    if (trip.start !== null) {
      await page.goto(`${base}${trip.start}`)
      await page.waitForLoadState('networkidle')
    }
    const started = performance.now()
    if (trip.click) {
      await trip.click(page)
    } else {
      await page.goto(base, { waitUntil: 'commit' })
    }
    await page.getByText(trip.landing).first().waitFor({ timeout: 15_000 })
    return performance.now() - started
  } finally {
    await page.close()
  }
}

/**
 * The same round trip for someone not signed in at sso either: from the
 * submit of sso's form until the app's page shows its data.
 */
export async function roundTripWithForm(
  context: BrowserContext,
  stack: LocalStack,
  app: RelyingApp,
  admin: Admin
) {
  await context.clearCookies()
  await forgetRateLimits(stack, app)
  const page = await context.newPage()
  try {
    await page.goto(`${stack.url(app)}${app === 'transfer' ? '/admin' : '/calendar'}`)
    await page.waitForURL((url) => url.href.startsWith(`${stack.url('sso')}/login`))
    await page.waitForLoadState('networkidle')
    const submit = await fillSsoForm(page, admin)
    const started = performance.now()
    await submit()
    await page.getByText(ROUND_TRIPS[app].landing).first().waitFor({ timeout: 15_000 })
    return performance.now() - started
  } finally {
    await page.close()
  }
}
