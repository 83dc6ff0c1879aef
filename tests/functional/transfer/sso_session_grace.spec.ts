import { test } from '@japa/runner'
import { setTimeout as sleep } from 'node:timers/promises'
import { TransferProcess } from '#tests/helpers/transfer_process'
import { SsoFake, TEST_API_KEY } from '#tests/helpers/sso_fake'
import { SignInBrowser } from '#tests/helpers/relying_party_sign_in'

/*
 * transfer re-checks each session's sign-in with sso (every second here).
 * When sso cannot be reached, a session goes on for the grace period after
 * its last confirmation (5 s here, SSO_SESSION_GRACE_SECONDS): a blip signs
 * nobody out. A session sso has not confirmed for longer than that ends.
 */

class Browser extends SignInBrowser {
  constructor(override readonly baseUrl: string) {
    super('/api/auth/login')
  }
}

test.group('transfer sessions while sso cannot be reached', (group) => {
  const sso = new SsoFake()
  let transfer: TransferProcess

  group.setup(async () => {
    await sso.start()
    transfer = await new TransferProcess('sso_grace', {
      SSO_SESSION_CHECK_SECONDS: '1',
      SSO_SESSION_GRACE_SECONDS: '5',
    }).prepare()
    Object.assign(transfer.extraEnv, { SSO_BASE_URL: sso.url, SSO_API_KEY: TEST_API_KEY })
    for (const email of ['blip@example.com', 'outage@example.com']) {
      await transfer.ace('transfer:users:create', email)
    }
    await transfer.start()
    return async () => {
      await transfer.cleanup()
      await sso.stop()
    }
  })
  group.each.teardown(() => sso.answerSessionStatus('active'))

  async function signedIn(email: string, userId: number) {
    const browser = new Browser(transfer.url)
    const { state } = await browser.startSignIn()
    const code = await browser.returnFromSso(sso.tokenFor({ userId, email }, state), state)
    const exchanged = await browser.exchange(code)
    if (exchanged.status !== 200) {
      throw new Error(`the exchange answered ${exchanged.status}`)
    }
    return browser
  }

  async function me(browser: Browser) {
    const response = await browser.request('GET', '/api/auth/me')
    return response.status
  }

  test('sso down for less than the grace period: the session goes on', async ({ assert }) => {
    const browser = await signedIn('blip@example.com', 41)
    sso.answerSessionStatus(503)
    await sleep(1500)
    assert.equal(await me(browser), 200)
    sso.answerSessionStatus('active')
    await sleep(4500)
    // Past the grace period since sign-in, but confirmed again once sso was back.
    assert.equal(await me(browser), 200)
    await sleep(1200)
    assert.equal(await me(browser), 200)
  }).timeout(60_000)

  test('sso down for longer than the grace period: the session ends', async ({ assert }) => {
    const browser = await signedIn('outage@example.com', 42)
    sso.answerSessionStatus(503)
    await sleep(1500)
    assert.equal(await me(browser), 200)
    await sleep(4000)
    assert.equal(await me(browser), 401)
    // It stays ended when sso is back: the person signs in again.
    sso.answerSessionStatus('active')
    assert.equal(await me(browser), 401)
  }).timeout(60_000)
})
