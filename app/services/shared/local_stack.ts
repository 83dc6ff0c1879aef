import { spawn } from 'node:child_process'
import { createServer, isIP } from 'node:net'
import { join } from 'node:path'
import { APP_IDS, APP_PROFILES, type AppId } from './app_profiles.ts'
import { RestartingProcess, type RestartBackoff } from './restarting_process.ts'
import { isWildcardAddress } from './stack_addresses.ts'
import { StartupProblem } from './startup_problems.ts'
import { forEachLine, runToEnd } from './child_processes.ts'

export interface LocalStackOptions {
  /** Project root (where ace.js is). */
  root: string
  /** Host name the browser uses for all three apps. */
  host: string
  /**
   * The address the apps listen on: loopback (127.0.0.1) unless the stack
   * was told to serve the network (see stack_addresses.ts).
   */
  listen?: string
  ports: Record<AppId, number>
  databaseUrls: Record<AppId, string>
  /** Signing secret per app (APP_KEY for sso, SESSION_SECRET for the others). */
  secrets: Record<AppId, string>
  adminEmail: string
  /** Receives every line the stack and its children print. */
  log: (appId: AppId | 'stack', line: string) => void
  /** Further variables for one app's processes (e.g. tests pointing sso at an OIDC issuer). */
  extraEnv?: Partial<Record<AppId, Record<string, string>>>
  /** The waits before restarting an app that exited on its own. */
  restartBackoff?: RestartBackoff
  /**
   * `development` (default): the sources with Vite's dev server, as `npm run
   * dev`. `production`: the build in `<root>/build` (see production_build.ts)
   * with NODE_ENV=production, as `npm start`.
   */
  mode?: 'development' | 'production'
  /**
   * Where the apps keep files, the outbox and uploads (default
   * `<root>/storage`, or what DRIVE_FS_ROOT and the like say): outside
   * build/, which every build replaces.
   */
  storage?: string
}

/** What `sso:demo-seed` prints (as JSON) and the launcher reads. */
export type SeedResult =
  | {
      seeded: true
      admin: { email: string; password: string }
      apps: { name: string; apiKey: string; secretKey: string; redirectUris: string[] }[]
    }
  | { seeded: false; apps: { name: string; apiKey: string; redirectUris: string[] }[] }

/** What `schedule:demo-data --json` prints last (the parts shown), or why it added nothing. */
export type ScheduleDemoResult =
  | {
      companyName: string
      projects: number
      crew: number
      vendors: number
      clients: number
      openConflicts: number
    }
  | { skipped: string }

/** What `transfer:demo-data --json` prints last (the parts shown), or why it added nothing. */
export type TransferDemoResult =
  | {
      uploads: { fileName: string }[]
      shares: { url: string; fileName: string; password: string | null }[]
    }
  | { skipped: string }

export type DemoDataResult = { schedule: ScheduleDemoResult; transfer: TransferDemoResult }

/**
 * The three apps as one local stack: migrations, the demo seed and the three
 * servers. Used by the launchers (`npm start`, `npm run dev`) and by the
 * cross-app browser tests, so those tests exercise exactly what people start.
 */
export class LocalStack {
  #apps = new Map<AppId, RestartingProcess>()

  constructor(readonly options: LocalStackOptions) {}

  url(appId: AppId) {
    return `http://${this.options.host}:${this.options.ports[appId]}`
  }

  get listen() {
    return this.options.listen ?? '127.0.0.1'
  }

  get production() {
    return this.options.mode === 'production'
  }

  /** The folder the processes run in: the sources, or the production build. */
  get #cwd() {
    return this.production ? join(this.options.root, 'build') : this.options.root
  }

  /** The process id of an app's server as it runs now (it changes with each restart). */
  pid(appId: AppId) {
    const pid = this.#apps.get(appId)?.child.pid
    if (pid === undefined) {
      throw new Error(`${appId} is not running`)
    }
    return pid
  }

  callbackUrl(appId: AppId) {
    return `${this.url(appId)}${APP_PROFILES[appId].callbackPath}`
  }

  /** Migrates the three databases and seeds the demo unless people exist. */
  async prepare(): Promise<SeedResult> {
    for (const appId of APP_IDS) {
      this.options.log('stack', `migrating ${appId}`)
      await this.#ace(appId, ['migration:run', '--force'])
    }
    const output = await this.#ace('sso', [
      'sso:demo-seed',
      this.options.adminEmail,
      `--app=transfer=${this.callbackUrl('transfer')}`,
      `--app=schedule=${this.callbackUrl('schedule')}`,
    ])
    const seed = JSON.parse(output.trim().split('\n').at(-1)!) as SeedResult
    for (const appId of ['transfer', 'schedule'] as const) {
      await this.#ace(
        appId,
        [`${appId}:users:create`, this.options.adminEmail, '--role=admin'],
        seed
      )
    }
    return seed
  }

  /**
   * Fills schedule and transfer with their demo data (a production company,
   * a few uploads and shares). The launcher does this on a first start; the
   * browser tests do not, so their apps start empty. An app that already
   * holds data (a database used before) is left as it is.
   */
  async addDemoData(seed: SeedResult): Promise<DemoDataResult> {
    const lastLine = (output: string) => JSON.parse(output.trim().split('\n').at(-1)!)
    const schedule = lastLine(
      await this.#ace('schedule', ['schedule:demo-data', '--if-empty', '--json'], seed)
    )
    const transfer = lastLine(
      await this.#ace('transfer', ['transfer:demo-data', '--if-empty', '--json'], seed)
    )
    return { schedule, transfer }
  }

  /**
   * Starts the three servers and resolves once each answers HTTP. From then
   * on a server that exits on its own is started again (after a wait that
   * grows while it keeps exiting), and the log says so.
   */
  async start(seed: SeedResult) {
    let hmrPort = await freePort()
    for (const appId of APP_IDS) {
      const env = {
        ...this.#env(appId, seed),
        PORT: String(this.options.ports[appId]),
        ...(this.production ? {} : { DEV_MODE: 'true', VITE_HMR_PORT: String(hmrPort++) }),
      }
      const entrypoint = this.production
        ? ['bin/server.js']
        : ['--import=@poppinss/ts-exec', 'bin/server.ts']
      const app = new RestartingProcess({
        spawn: () => {
          const child = spawn(process.execPath, entrypoint, {
            cwd: this.#cwd,
            env,
            stdio: ['ignore', 'pipe', 'pipe'],
          })
          forEachLine(child, (line) => this.options.log(appId, line))
          return child
        },
        log: (line) => this.options.log(appId, line),
        backoff: this.options.restartBackoff,
      })
      this.#apps.set(appId, app)
    }
    await Promise.all(APP_IDS.map((appId) => this.#waitUntilUp(appId)))
    for (const app of this.#apps.values()) {
      app.restartOnExit()
    }
  }

  /** Asks every server to stop and waits (up to 10 s each, then kills it). */
  async stop() {
    await Promise.all([...this.#apps.values()].map((app) => app.stop()))
    this.#apps.clear()
  }

  /** Sends SIGTERM to every child at once, without waiting (for signal handlers). */
  signalChildren() {
    for (const app of this.#apps.values()) {
      app.signal()
    }
  }

  #env(appId: AppId, seed?: SeedResult): NodeJS.ProcessEnv {
    // The sources' defaults are under <root>/storage already; the build's would be under build/.
    const storage =
      this.options.storage ?? (this.production ? join(this.options.root, 'storage') : undefined)
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      APP_ID: appId,
      NODE_ENV: this.production ? 'production' : 'development',
      HOST: this.listen,
      APP_URL: this.url(appId),
      DATABASE_URL: this.options.databaseUrls[appId],
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      // The build's own root is build/: the project's .env is read in either mode.
      ...(this.production && { ENV_PATH: process.env.ENV_PATH ?? this.options.root }),
      ...(storage && {
        DRIVE_FS_ROOT: join(storage, 'drive', appId),
        DRIVE_PRIVATE_FS_ROOT: join(storage, 'private', appId),
        MAIL_OUTBOX_DIR: join(storage, 'outbox', appId),
      }),
      // The stack's Vite servers keep their own dependency caches, apart from
      // a lone app process (a test run's) optimising at the same time.
      VITE_CACHE_DIR: `node_modules/.vite/stack-${appId}`,
      ...this.options.extraEnv?.[appId],
    }
    if (appId === 'sso') {
      env.APP_KEY = this.options.secrets.sso
    } else {
      env.SESSION_SECRET = this.options.secrets[appId]
      env.SSO_BASE_URL = this.url('sso')
      env.SSO_API_KEY = seed?.apps.find((app) => app.name === appId)?.apiKey ?? 'ak_not_seeded_yet'
    }
    return env
  }

  #ace(appId: AppId, args: string[], seed?: SeedResult): Promise<string> {
    return runToEnd(process.execPath, ['ace.js', ...args], {
      cwd: this.#cwd,
      env: { ...this.#env(appId, seed), FORCE_COLOR: '0' },
      step: `\`node ace ${args.join(' ')}\` (${appId})`,
    })
  }

  async #waitUntilUp(appId: AppId) {
    const deadline = Date.now() + 90_000
    const { child } = this.#apps.get(appId)!
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new StartupProblem(
          `${appId} stopped while starting; its last lines above (marked ${appId}) say why.`
        )
      }
      try {
        // A JSON 404 proves the server answers without touching pages, whose
        // Vite dev server may still be starting.
        await fetch(`${this.#probeUrl(appId)}/api/stack-probe`, {
          headers: { accept: 'application/json' },
        })
        return
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }
    throw new StartupProblem(
      `${appId} did not answer within 90 seconds of starting; its lines above (marked ${appId}) may say why.`
    )
  }

  /** The app as this machine reaches it (a wildcard listens on loopback too). */
  #probeUrl(appId: AppId) {
    const host = isWildcardAddress(this.listen) ? '127.0.0.1' : this.listen
    return `http://${isIP(host) === 6 ? `[${host}]` : host}:${this.options.ports[appId]}`
  }
}

/** A TCP port that is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}
