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
 * Builds (unless `noBuild`), migrates a fresh database named `database`,
 * stores the year of `shape`, starts the built server and signs in. The
 * answer's `client` is connected to the database; the caller ends it.
 */
export async function startYearServer(
  bench: BenchRun,
  options: { noBuild: boolean; database: string; shape: DataShape }
) {
  await bench.build(options.noBuild, {
    APP_ID: 'schedule',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    SSO_API_KEY: 'ak_bench',
  })
  const databaseUrl = await bench.database(options.database)

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
  }

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

  // The bypass answers the first request without a session with an admin session.
  const me = await fetch(`${baseUrl}/api/auth/me`, { headers: { accept: 'application/json' } })
  const cookies = me.headers.getSetCookie().map((line) => line.split(';')[0])
  const cookie = cookies.join('; ')
  const whoami = (await me.json()) as { authenticated: boolean }
  if (!whoami.authenticated) {
    throw new Error('the development bypass gave no session')
  }
  return { baseUrl, cookies, cookie, client, server, data }
}
