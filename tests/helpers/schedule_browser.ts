import type { BrowserContext, Page } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import type { SeededStack } from '#tests/helpers/browser_stack'

/**
 * Signs the stack's seeded admin in to schedule through sso in a new page;
 * the page ends on the calendar, signed in.
 */
export async function signInToSchedule(
  browserContext: BrowserContext,
  stack: LocalStack,
  seed: SeededStack['seed']
) {
  const page = await browserContext.newPage()
  await page.setViewportSize({ width: 1500, height: 1000 })
  await page.goto(`${stack.url('schedule')}/calendar`)
  await page.waitForURL((url) => url.href.startsWith(`${stack.url('sso')}/login`))
  await page.getByLabel('Email').fill(seed.admin.email)
  await page.getByLabel('Password').fill(seed.admin.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('button', { name: /account menu/ }).waitFor()
  return page
}

/**
 * A request from inside the signed-in page with its CSRF token, as the pages
 * make them: the way a browser test seeds data through the app's own routes.
 */
export async function callFromPage<T>(page: Page, method: string, url: string, body?: unknown) {
  const token = await page.locator('meta[name="csrf-token"]').getAttribute('content')
  return page.evaluate(
    async (request) => {
      const response = await fetch(request.url, {
        method: request.method,
        headers: {
          'accept': 'application/json',
          'content-type': 'application/json',
          'x-csrf-token': request.token,
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      })
      const data = await response.json()
      if (!response.ok) {
        throw new Error(
          `${request.method} ${request.url}: ${response.status} ${JSON.stringify(data)}`
        )
      }
      return data
    },
    { method, url, body, token: token ?? '' }
  ) as Promise<T>
}

/**
 * Records every GET the page sends to the JSON API from now on (path and
 * query): a page whose data comes as props should send none to show it.
 */
export function recordApiReads(page: Page) {
  const reads: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) {
      reads.push(url.pathname + url.search)
    }
  })
  return reads
}

/**
 * A message in the page's toasts (the kit's ui/toast), by its text: the
 * visible one, not the screen-reader announcement Radix adds beside it for
 * a moment.
 */
export function toastMessage(page: Page, text: string) {
  return page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: text })
}
