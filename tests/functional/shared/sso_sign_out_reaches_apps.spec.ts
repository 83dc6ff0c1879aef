import { test } from '@japa/runner'
import { setTimeout as sleep } from 'node:timers/promises'
import { join } from 'node:path'
import { readOutbox } from '#services/shared/mail/outbox_transport'
import { freePort } from '#services/shared/local_stack'
import { AppProcess } from '#tests/helpers/app_process'
import { CookieAgent } from '#tests/helpers/cookie_agent'
import { SignInBrowser } from '#tests/helpers/relying_party_sign_in'
import { waitUntil } from '#tests/helpers/wait_until'

/*
 * sso, transfer and schedule as three processes. A person signed in to both
 * apps through sso is put out at sso (disabled by a command, their sessions
 * ended by a command, their password reset by mail): within the apps'
 * re-check interval (1 s here, SSO_SESSION_CHECK_SECONDS) their next request
 * in transfer and schedule is signed out, as each spec answers a visitor
 * without a session.
 */

const PASSWORD = 'correct horse battery staple'
const NEW_PASSWORD = 'another long passphrase here'
const CHECKS = { SSO_SESSION_CHECK_SECONDS: '1' }

/** A browser on one app's address. */
class Browser extends CookieAgent {
  constructor(override readonly baseUrl: string) {
    super()
  }
}

class AppBrowser extends SignInBrowser {
  constructor(
    loginPath: string,
    override readonly baseUrl: string
  ) {
    super(loginPath)
  }
}

test.group('sso putting a person out reaches transfer and schedule', (group) => {
  let sso: AppProcess
  let transfer: AppProcess
  let schedule: AppProcess

  group.setup(async () => {
    transfer = await new AppProcess('transfer', 'reach_transfer', { ...CHECKS }).prepare()
    schedule = await new AppProcess('schedule', 'reach_schedule', { ...CHECKS }).prepare()
    sso = await new AppProcess('sso', 'reach_sso').prepare()
    const output = await sso.ace(
      'sso:demo-seed',
      'admin@example.com',
      `--app=transfer=${transfer.url}/auth/callback`,
      `--app=schedule=${schedule.url}/auth/callback`
    )
    const seeded = JSON.parse(output.trim().split('\n').at(-1)!) as {
      apps: { name: string; apiKey: string }[]
    }
    for (const app of [transfer, schedule]) {
      app.extraEnv.SSO_BASE_URL = sso.url
      app.extraEnv.SSO_API_KEY = seeded.apps.find(({ name }) => name === app.appId)!.apiKey
    }
    for (const email of ['disabled@example.com', 'ended@example.com', 'reset@example.com']) {
      await sso.ace('sso:people:create', email, `--password=${PASSWORD}`)
      await transfer.ace('transfer:users:create', email)
      await schedule.ace('schedule:users:create', email)
    }
    await Promise.all([
      // sso renders its sign-in and reset pages, so it runs Vite's dev server as the stack does.
      sso.start({
        DEV_MODE: 'true',
        VITE_HMR_PORT: String(await freePort()),
        VITE_CACHE_DIR: 'node_modules/.vite/stack-sso',
      }),
      transfer.start(),
      schedule.start(),
    ])
    await waitUntil(
      'the sign-in page to render',
      async () => {
        const page = await fetch(`${sso.url}/login`, { signal: AbortSignal.timeout(10_000) })
        const html = await page.text()
        return page.status === 200 && html.includes('csrf-token')
      },
      90_000
    )
    return async () => {
      await Promise.all([sso.cleanup(), transfer.cleanup(), schedule.cleanup()])
    }
  })

  /** Signs `email` in at sso, then into transfer and schedule through sso, as a browser does. */
  async function signedInEverywhere(email: string) {
    const atSso = new Browser(sso.url)
    const signedIn = await atSso.signIn(email, PASSWORD)
    if (signedIn.headers.get('location')?.includes('/login')) {
      throw new Error(`signing in ${email} at sso failed`)
    }
    const apps = {
      transfer: new AppBrowser('/api/auth/login', transfer.url),
      schedule: new AppBrowser('/login', schedule.url),
    }
    for (const app of Object.values(apps)) {
      const { authorizeUrl, state } = await app.startSignIn()
      const authorized = await atSso.request(
        'GET',
        `${authorizeUrl.pathname}${authorizeUrl.search}`
      )
      const callback = new URL(authorized.headers.get('location')!)
      const code = await app.returnFromSso(callback.searchParams.get('token')!, state)
      const exchanged = await app.exchange(code)
      if (exchanged.status !== 200) {
        throw new Error(`the exchange answered ${exchanged.status}: ${JSON.stringify(exchanged)}`)
      }
    }
    return { atSso, ...apps }
  }

  /**
   * What the person gets in each app now: guarded API routes, and schedule's
   * guarded calendar page, asked for as the pages' client does (Inertia), so
   * no front-end build is needed.
   */
  async function access(apps: { transfer: AppBrowser; schedule: AppBrowser }) {
    const status = async (app: AppBrowser, path: string) => {
      const response = await app.request('GET', path)
      return response.status
    }
    const page = await apps.schedule.request('GET', '/calendar', undefined, {
      'x-inertia': 'true',
      'x-inertia-version': '1',
    })
    return {
      transferApi: await status(apps.transfer, '/api/users'),
      transferMe: await status(apps.transfer, '/api/auth/me'),
      scheduleApi: await status(apps.schedule, '/api/projects'),
      schedulePage: page.status === 302 ? page.headers.get('location') : page.status,
    }
  }

  const SIGNED_IN = { transferApi: 200, transferMe: 200, scheduleApi: 200, schedulePage: 200 }
  const SIGNED_OUT = { transferApi: 401, transferMe: 401, scheduleApi: 401, schedulePage: '/login' }

  /** Signed in, across several re-checks; then put out by `action`, and out within seconds. */
  async function putOutBy(email: string, action: () => Promise<unknown>) {
    const apps = await signedInEverywhere(email)
    const before = await access(apps)
    await sleep(1500)
    const rechecked = await access(apps)
    await action()
    const since = performance.now()
    let after = await access(apps)
    while (
      JSON.stringify(after) !== JSON.stringify(SIGNED_OUT) &&
      performance.now() - since < 15_000
    ) {
      await sleep(100)
      after = await access(apps)
    }
    return { before, rechecked, after, seconds: (performance.now() - since) / 1000 }
  }

  test('a person disabled by a command is signed out of transfer and schedule', async ({
    assert,
  }) => {
    const result = await putOutBy('disabled@example.com', () =>
      sso.ace('sso:people:disable', 'disabled@example.com')
    )
    assert.deepEqual(result.before, SIGNED_IN)
    assert.deepEqual(result.after, SIGNED_OUT)
    assert.deepEqual(result.rechecked, SIGNED_IN)
    assert.isBelow(result.seconds, 10)
  }).timeout(180_000)

  test('ending a person’s sessions signs them out of transfer and schedule', async ({ assert }) => {
    const result = await putOutBy('ended@example.com', () =>
      sso.ace('sso:people:end-sessions', 'ended@example.com')
    )
    assert.deepEqual(result.before, SIGNED_IN)
    assert.deepEqual(result.after, SIGNED_OUT)
    assert.isBelow(result.seconds, 10)

    // Signing in again afterwards works: only the sign-ins before the end are over.
    const again = await signedInEverywhere('ended@example.com')
    await sleep(1500)
    assert.deepEqual(await access(again), SIGNED_IN)
  }).timeout(180_000)

  test('a password reset by mail signs the person out of transfer and schedule', async ({
    assert,
  }) => {
    const email = 'reset@example.com'
    const result = await putOutBy(email, async () => {
      const visitor = new Browser(sso.url)
      await visitor.request('GET', '/forgot-password')
      await visitor.request('POST', '/forgot-password', new URLSearchParams({ email }))
      const link = await waitUntil('the reset mail', async () => {
        const mails = await readOutbox(join(sso.directory, 'outbox'))
        const text = mails.find((mail) => mail.to.includes(email))?.text ?? ''
        return /\/reset-password\/[^\s"<>]+/.exec(text)?.[0]
      })
      await visitor.request('GET', link)
      const reset = await visitor.request(
        'POST',
        link,
        new URLSearchParams({ password: NEW_PASSWORD })
      )
      if (reset.headers.get('location') !== '/login') {
        throw new Error(`the reset answered ${reset.status} → ${reset.headers.get('location')}`)
      }
    })
    assert.deepEqual(result.before, SIGNED_IN)
    assert.deepEqual(result.after, SIGNED_OUT)
    assert.isBelow(result.seconds, 10)
  }).timeout(180_000)
})
