import { test } from '@japa/runner'
import pg from 'pg'
import { AppProcess } from '#tests/helpers/app_process'
import { CookieAgent } from '#tests/helpers/cookie_agent'
import { waitUntil } from '#tests/helpers/wait_until'
import { freePort } from '#services/shared/local_stack'
import { VALIDATION_CACHE_TTL_MS } from '#services/sso/validation_cache'

/*
 * Two sso servers of one deployment (their own processes, one database)
 * answer POST /api/apps/validate-token from memory once a token has been
 * validated. A change made anywhere (a command, a hand-written UPDATE, the
 * other server) reaches both through PostgreSQL's LISTEN/NOTIFY: the next
 * answer is the new one within a second, never a stale "valid". When a
 * server's listening connection is cut, it answers from the database until
 * it listens again.
 */

const EMAIL = 'gaffer@example.com'
const CALLBACK = 'http://127.0.0.1:9/auth/callback'

/** A browser on one of the servers. */
class Browser extends CookieAgent {
  constructor(override readonly baseUrl: string) {
    super()
  }
}

test.group('sso validate-token across instances', (group) => {
  let first: AppProcess
  let second: AppProcess
  let database: pg.Client
  let apiKey: string
  let password: string
  let token: string

  /** A token as a relying app gets it: signed in on the first server, then /authorize. */
  async function issueToken() {
    const browser = new Browser(first.url)
    const signedIn = await browser.signIn(EMAIL, password)
    if (signedIn.status !== 302 || signedIn.headers.get('location')?.includes('/login')) {
      throw new Error(`sign-in failed: ${signedIn.status} → ${signedIn.headers.get('location')}`)
    }
    const authorize = await browser.request(
      'GET',
      `/authorize?${new URLSearchParams({ client_id: apiKey, redirect_uri: CALLBACK })}`
    )
    const location = authorize.headers.get('location')
    if (!location) {
      throw new Error(`/authorize answered ${authorize.status}: ${await authorize.text()}`)
    }
    const issued = new URL(location, first.url).searchParams.get('token')
    if (!issued) throw new Error(`/authorize sent the browser to ${location}`)
    return issued
  }

  group.setup(async () => {
    first = await new AppProcess('sso', 'validation_a').prepare()
    // One deployment has one public address: the second server issues and checks tokens for it too.
    first.extraEnv.APP_URL = first.url
    second = await new AppProcess('sso', 'validation_b').instanceOf(first)
    const output = await first.ace('sso:demo-seed', EMAIL, `--app=crew=${CALLBACK}`)
    const seeded = JSON.parse(output.trim().split('\n').at(-1)!) as {
      admin: { password: string }
      apps: { apiKey: string }[]
    }
    apiKey = seeded.apps[0].apiKey
    password = seeded.admin.password
    await Promise.all([
      // The first server renders the sign-in page, so it runs Vite's dev server as the browser
      // tests' stack does (with their Vite cache too: the two never run at once).
      first.start({
        DEV_MODE: 'true',
        VITE_HMR_PORT: String(await freePort()),
        VITE_CACHE_DIR: 'node_modules/.vite/stack-sso',
      }),
      second.start(),
    ])
    // The server answers before Vite's dev server is up (a provider's ready hook); until
    // then its pages are a 500 without a CSRF token, and signing in would be refused.
    await waitUntil('the sign-in page to render', async () => {
      const page = await fetch(`${first.url}/login`, { signal: AbortSignal.timeout(10_000) })
      const html = await page.text()
      return page.status === 200 && html.includes('csrf-token')
    })
    database = new pg.Client({ connectionString: first.databaseUrl })
    await database.connect()
    token = await issueToken()
    return async () => {
      await database.end()
      await Promise.all([first.cleanup(), second.cleanup()])
    }
  })

  async function validate(server: AppProcess, withToken = token) {
    const response = await fetch(`${server.url}/api/apps/validate-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept': 'application/json' },
      body: JSON.stringify({ token: withToken, apiKey }),
      signal: AbortSignal.timeout(10_000),
    })
    return { status: response.status, body: (await response.json()) as Record<string, any> }
  }

  /** Polls until the server's answer is `message` (or valid); the milliseconds it took. */
  async function answered(server: AppProcess, expected: string | 'valid', since: number) {
    await waitUntil(`${server.name} to answer ${expected}`, async () => {
      const { body } = await validate(server)
      return expected === 'valid' ? body.valid === true : body.message === expected
    })
    return performance.now() - since
  }

  /** Validates until both servers answer from memory (their listeners are up after start). */
  async function warm() {
    for (const server of [first, second]) {
      for (let i = 0; i < 3; i++) {
        const { status } = await validate(server)
        if (status !== 200) throw new Error(`${server.name} refused the token: ${status}`)
      }
    }
  }

  test('a token validated on both servers; a person disabled by a command is refused by both within a second', async ({
    assert,
  }) => {
    const valid = await validate(second)
    assert.equal(valid.status, 200)
    assert.containsSubset(valid.body, { valid: true, user: { email: EMAIL } })
    await warm()

    await first.ace('sso:people:disable', EMAIL)
    const changedAt = performance.now()
    assert.isBelow(await answered(second, 'Account disabled', changedAt), 1000)
    assert.isBelow(await answered(first, 'Account disabled', changedAt), 1000)

    await first.ace('sso:people:enable', EMAIL)
    const enabledAt = performance.now()
    assert.isBelow(await answered(second, 'valid', enabledAt), 1000)
  }).timeout(120_000)

  test('a hand-written UPDATE is announced too: a renamed person, a disabled app', async ({
    assert,
  }) => {
    await warm()
    await database.query('update users set display_name = $1 where email = $2', [
      'Zoë Ångström',
      EMAIL,
    ])
    const renamedAt = performance.now()
    await waitUntil('the new name on the second server', async () => {
      const { body } = await validate(second)
      return body.user?.name === 'Zoë Ångström'
    })
    assert.isBelow(performance.now() - renamedAt, 1000)

    await warm()
    await database.query('update connected_apps set enabled = false where api_key = $1', [apiKey])
    const disabledAt = performance.now()
    assert.isBelow(await answered(second, 'Unknown or disabled application', disabledAt), 1000)
    await database.query('update connected_apps set enabled = true where api_key = $1', [apiKey])
    assert.isBelow(await answered(second, 'valid', performance.now()), 1000)
  }).timeout(120_000)

  test('answers come from memory; a change nobody announces still counts within the cache lifetime', async ({
    assert,
  }) => {
    await warm()
    // As if a notification were lost: the change is made with the trigger off.
    await database.query('alter table users disable trigger users_notify_validation')
    try {
      await database.query('update users set disabled_at = now() where email = $1', [EMAIL])
      const changedAt = performance.now()
      // The second server remembers its answer (a database read would say disabled)...
      const remembered = await validate(second)
      assert.equal(remembered.body.valid, true)
      // ...only for the cache's lifetime, never for longer.
      const elapsed = await answered(second, 'Account disabled', changedAt)
      assert.isBelow(elapsed, VALIDATION_CACHE_TTL_MS + 1000)
    } finally {
      await database.query('alter table users enable trigger users_notify_validation')
      await database.query('update users set disabled_at = null where email = $1', [EMAIL])
    }
    assert.isBelow(await answered(second, 'valid', performance.now()), 1000)
  }).timeout(120_000)

  test('a signing key removed from the database stops its tokens on every server at once', async ({
    assert,
  }) => {
    await warm()
    // A new key signs from now on; the token's key is retired, then deleted by hand.
    await first.ace('sso:keys:rotate')
    await warm()
    await database.query('delete from signing_keys where retired_at is not null')
    const deletedAt = performance.now()
    assert.isBelow(await answered(second, 'Invalid token', deletedAt), 1000)
    assert.isBelow(await answered(first, 'Invalid token', deletedAt), 1000)
  }).timeout(120_000)

  test('a server whose listening connection is cut answers from the database, then listens again', async ({
    assert,
  }) => {
    // A fresh token: the previous test removed the key of the group's one.
    token = await issueToken()
    await warm()

    // Every listening connection is ended by the database, as a failover or a restart would.
    const cut = await database.query<{ pid: number }>(
      `select pg_terminate_backend(pid) as pid from pg_stat_activity
        where query ilike 'listen sso_validation%' and pid <> pg_backend_pid()`
    )
    assert.isAtLeast(cut.rows.length, 2)
    // Changes made while nobody listens are not announced, and still count.
    await database.query('update users set disabled_at = now() where email = $1', [EMAIL])
    const changedAt = performance.now()
    assert.isBelow(await answered(second, 'Account disabled', changedAt), 1000)
    await database.query('update users set disabled_at = null where email = $1', [EMAIL])

    // Both listen again (a few hundred milliseconds later) and are told of changes.
    await waitUntil('both servers to listen again', async () => {
      const { rows } = await database.query(
        `select count(*)::int as count from pg_stat_activity where query ilike 'listen sso_validation%'`
      )
      return rows[0].count >= 2
    })
    await database.query('update users set disabled_at = now() where email = $1', [EMAIL])
    assert.isBelow(await answered(first, 'Account disabled', performance.now()), 1000)
    await database.query('update users set disabled_at = null where email = $1', [EMAIL])
  }).timeout(120_000)
})
