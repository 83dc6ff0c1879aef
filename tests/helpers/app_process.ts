import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { recreateDatabase, withDatabase } from '#services/shared/embedded_database'
import { runToEnd } from '#services/shared/child_processes'
import { freePort } from '#services/shared/local_stack'

/**
 * One server of an app as its own process (as production runs it), which a
 * test may kill and start again. Several may share one database, as the
 * instances of a deployment do: `instanceOf` makes another server on the
 * database of a prepared one.
 */
export class AppProcess {
  readonly secret = randomBytes(32).toString('base64url')
  port = 0
  databaseUrl = ''
  directory = ''
  output = ''
  #child?: ChildProcess

  constructor(
    readonly appId: 'sso' | 'transfer' | 'schedule',
    readonly name: string,
    readonly extraEnv: Record<string, string> = {}
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`
  }

  /** The running server's process id (for reading its memory from /proc). */
  get pid() {
    if (!this.#child?.pid) {
      throw new Error(`the ${this.appId} server is not running`)
    }
    return this.#child.pid
  }

  /** Its own empty database, migrated, and a scratch directory for files and mail. */
  async prepare() {
    const server = process.env.TEST_DATABASE_SERVER_URL
    if (!server) {
      throw new Error('TEST_DATABASE_SERVER_URL is not set: run the tests with npm test')
    }
    const database = `process_${this.name}`
    await recreateDatabase(server, database)
    this.databaseUrl = withDatabase(server, database)
    await this.#scratch()
    await this.ace('migration:run', '--force')
    return this
  }

  /** Another server of the same deployment: the same database and secrets, its own port. */
  async instanceOf(first: AppProcess) {
    this.databaseUrl = first.databaseUrl
    Object.assign(this.extraEnv, { SESSION_SECRET: first.secret }, first.extraEnv)
    await this.#scratch()
    return this
  }

  async #scratch() {
    this.directory = await mkdtemp(join(tmpdir(), `${this.appId}-${this.name}-`))
    this.port = await freePort()
  }

  /**
   * Starts the server; `serverEnv` is for the server only, not its commands
   * (Vite's DEV_MODE), and may replace its PORT (empty: the app's default).
   */
  async start(serverEnv: Record<string, string> = {}) {
    this.#child = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'bin/server.ts'], {
      cwd: app.makePath(),
      env: { ...this.env(), PORT: String(this.port), ...serverEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.#child.stdout!.on('data', (chunk) => (this.output += chunk))
    this.#child.stderr!.on('data', (chunk) => (this.output += chunk))
    const deadline = performance.now() + 90_000
    while (performance.now() < deadline) {
      if (this.#child.exitCode !== null) {
        throw new Error(`${this.appId} exited while starting:\n${this.output}`)
      }
      try {
        // A listener that never answers (another program's, stopped) must not hold the wait.
        await fetch(`${this.url}/api/stack-probe`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(5000),
        })
        return
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    }
    throw new Error(`${this.appId} did not start within 90 seconds:\n${this.output}`)
  }

  /** SIGKILL: no shutdown hooks, no flushing, as a crash or an OOM kill. */
  kill() {
    return this.#stop('SIGKILL')
  }

  stop() {
    return this.#stop('SIGTERM')
  }

  /**
   * SIGTERM, then whether the server exited within `ms` (if not, it is
   * killed, so a hung stop fails the test instead of holding the run).
   */
  async stopsWithin(ms: number) {
    const child = this.#child
    this.#child = undefined
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      return true
    }
    const exited = new Promise<boolean>((resolve) => child.once('exit', () => resolve(true)))
    child.kill('SIGTERM')
    const inTime = await Promise.race([
      exited,
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
    ])
    if (!inTime) {
      child.kill('SIGKILL')
      await exited
    }
    return inTime
  }

  async cleanup() {
    await this.stop()
    if (this.directory) await rm(this.directory, { recursive: true, force: true })
  }

  #stop(signal: NodeJS.Signals) {
    const child = this.#child
    this.#child = undefined
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      return Promise.resolve()
    }
    return new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.kill(signal)
    })
  }

  /** The environment of its processes (the server and its commands). */
  env(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      APP_ID: this.appId,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      APP_URL: this.url,
      DATABASE_URL: this.databaseUrl,
      SESSION_SECRET: this.secret,
      SSO_BASE_URL: 'http://127.0.0.1:9',
      SSO_API_KEY: 'ak_not_used_here',
      DRIVE_FS_ROOT: join(this.directory, 'drive'),
      MAIL_MAILER: 'outbox',
      MAIL_OUTBOX_DIR: join(this.directory, 'outbox'),
      FORCE_COLOR: '0',
      ...this.extraEnv,
    }
  }

  /** `node ace <args>` in this server's environment; resolves with what it printed. */
  ace(...args: string[]) {
    return runToEnd(process.execPath, ['ace.js', ...args], {
      cwd: app.makePath(),
      env: this.env(),
      step: `node ace ${args.join(' ')}`,
    })
  }
}
