/*
 * `npm test`: runs the unit, functional and browser suites of all three apps,
 * each app in its own process (APP_ID) on a freshly created database.
 *
 * With DATABASE_URL set, that PostgreSQL server is used (the databases test_sso,
 * test_transfer, test_schedule and browser_* are created on it and dropped
 * again); without it an embedded PostgreSQL is started under storage/.
 *
 *   npm test                      all apps, all suites
 *   npm test -- transfer          one app
 *   npm test -- sso unit          further arguments go to Japa (suites, --files, --tests)
 */
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { APP_IDS, isAppId, type AppId } from '../app/services/shared/app_profiles.ts'
import {
  EmbeddedDatabase,
  recreateDatabase,
  withDatabase,
} from '../app/services/shared/embedded_database.ts'
import { freePort } from '../app/services/shared/local_stack.ts'
import { StartupProblem } from '../app/services/shared/startup_problems.ts'

const root = fileURLToPath(new URL('../', import.meta.url))
const args = process.argv.slice(2)
const only = args.filter(isAppId)
const passThrough = args.filter((arg) => !isAppId(arg))
const apps: readonly AppId[] = only.length > 0 ? only : APP_IDS

// Each run has its own data directory and ports, so several runs (two
// checkouts, or a run beside the dev stack) never collide.
const embeddedDirectory = `${root}storage/test-postgres-${process.pid}`
// Files and mail written by the apps under test, removed after the run.
const scratchDirectory = `${root}storage/test-scratch-${process.pid}`
let embedded: EmbeddedDatabase | null = null
let serverUrl = process.env.DATABASE_URL
if (!serverUrl) {
  embedded = new EmbeddedDatabase(embeddedDirectory, await freePort())
  try {
    await embedded.start((line) => console.error(line))
  } catch (error) {
    if (error instanceof StartupProblem) {
      console.error(error.message)
      await rm(embeddedDirectory, { recursive: true, force: true })
      process.exit(1)
    }
    throw error
  }
  serverUrl = embedded.url('postgres')
}

async function runApp(appId: AppId): Promise<number> {
  const port = await freePort()
  const hmrPort = await freePort()
  return new Promise((resolve) => {
    const secret = randomBytes(32).toString('base64url')
    const child = spawn(
      process.execPath,
      ['--import=@poppinss/ts-exec', 'bin/test.ts', ...passThrough],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          APP_ID: appId,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: withDatabase(serverUrl!, `test_${appId}`),
          TEST_DATABASE_SERVER_URL: serverUrl,
          APP_KEY: secret,
          SESSION_SECRET: appId === 'sso' ? undefined : secret,
          SSO_API_KEY: appId === 'sso' ? undefined : 'ak_test_relying_app',
          SSO_BASE_URL: undefined,
          DEV_BYPASS_EMAIL: undefined,
          VITE_HMR_PORT: String(hmrPort),
          // Upload creation limits are off but in the tests that set them.
          TRANSFER_UPLOAD_CREATIONS_PER_IP: '1000000',
          TRANSFER_UNFINISHED_UPLOADS_PER_IP: '1000000',
          TRANSFER_MIN_FREE_BYTES: '-1',
          DRIVE_FS_ROOT: `${scratchDirectory}/drive/${appId}`,
          DRIVE_PRIVATE_FS_ROOT: `${scratchDirectory}/private/${appId}`,
          MAIL_OUTBOX_DIR: `${scratchDirectory}/outbox/${appId}`,
        },
      }
    )
    child.once('exit', (code) => resolve(code ?? 1))
  })
}

let failed = 0
try {
  for (const appId of apps) {
    console.log(`\n━━ ${appId} ━━`)
    await recreateDatabase(serverUrl, `test_${appId}`)
    if ((await runApp(appId)) !== 0) {
      failed++
    }
  }
} finally {
  await rm(scratchDirectory, { recursive: true, force: true })
  if (embedded) {
    await embedded.stop()
    await rm(embeddedDirectory, { recursive: true, force: true, maxRetries: 5 })
  }
}
console.log(failed === 0 ? '\nAll test runs passed.' : `\n${failed} test run(s) failed.`)
process.exit(failed === 0 ? 0 : 1)
