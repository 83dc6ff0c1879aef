/*
 * What the schedule benchmarks share: the production build serving a
 * database filled with the generated year (bench/schedule/data.ts), signed
 * in through the development bypass (NODE_ENV=development, DEV_BYPASS_EMAIL),
 * the one way to get a session without an sso.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { freePort } from '../../app/services/shared/local_stack.ts'
import { type BenchRun, buildDir, log, run } from '../harness.ts'
import { generate, store, type DataShape } from './data.ts'

const EMAIL = 'bench@example.com'

/**
 * The environment of the built schedule server a benchmark starts: a free
 * port, the development bypass signing the benchmark in, no sso. `extra`
 * adds or overrides names (a fake's address, a setting under test).
 */
export async function scheduleServerEnv(databaseUrl: string, extra: NodeJS.ProcessEnv = {}) {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ID: 'schedule',
    NODE_ENV: 'development',
    DEV_BYPASS_EMAIL: EMAIL,
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: baseUrl,
    APP_KEY: randomBytes(32).toString('base64url'),
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    // Never called: the bypass signs the benchmark in.
    SSO_API_KEY: 'ak_bench',
    SSO_BASE_URL: 'http://127.0.0.1:9',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    FORCE_COLOR: '0',
    ...extra,
  }
  return { port, baseUrl, env }
}

/**
 * Builds (unless `noBuild`), migrates a fresh database named `database`,
 * stores the year of `shape`, starts the built server and signs in. The
 * answer's `client` is connected to the database; the caller ends it.
 */
export async function startYearServer(
  bench: BenchRun,
  options: { noBuild: boolean; database: string; shape: DataShape; against?: string }
) {
  await bench.build(options.noBuild, {
    APP_ID: 'schedule',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    SSO_API_KEY: 'ak_bench',
  })
  const databaseUrl = await bench.database(options.database)

  const { baseUrl, env } = await scheduleServerEnv(databaseUrl)

  log('migrating')
  await run(process.execPath, ['ace.js', 'migration:run', '--force'], buildDir, env)

  log('generating a year of bookings')
  const data = generate(options.shape)
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  await store(client, data)

  log('starting the built server')
  const server = bench.start(['bin/server.js'], buildDir, env)
  await bench.waitForHttp(`${baseUrl}/api/bench-probe`, server)
  const cookies = await signIn(baseUrl)

  // Another build (an older commit's, say) on the same database, for side-by-side loads.
  let against: { baseUrl: string; cookies: string[] } | null = null
  if (options.against) {
    const otherPort = await freePort()
    const otherUrl = `http://127.0.0.1:${otherPort}`
    log(`starting the build in ${options.against} beside it`)
    const other = bench.start(['bin/server.js'], options.against, {
      ...env,
      PORT: String(otherPort),
      APP_URL: otherUrl,
    })
    await bench.waitForHttp(`${otherUrl}/api/bench-probe`, other)
    against = { baseUrl: otherUrl, cookies: await signIn(otherUrl) }
  }
  return { baseUrl, cookies, cookie: cookies.join('; '), client, server, data, against }
}

/** The bypass answers the first request without a session with an admin session: its cookies. */
async function signIn(baseUrl: string) {
  const me = await fetch(`${baseUrl}/api/auth/me`, { headers: { accept: 'application/json' } })
  const cookies = me.headers.getSetCookie().map((line) => line.split(';')[0])
  const whoami = (await me.json()) as { authenticated: boolean }
  if (!whoami.authenticated) {
    throw new Error('the development bypass gave no session')
  }
  return cookies
}
