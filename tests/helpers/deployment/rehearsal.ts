import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { Agent } from 'node:https'
import { tmpdir } from 'node:os'
import { stripVTControlCharacters } from 'node:util'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { APP_IDS, APP_PROFILES, type AppId } from '#services/shared/app_profiles'
import { recreateDatabase, withDatabase } from '#services/shared/embedded_database'
import { runToEnd } from '#services/shared/child_processes'
import { freePort } from '#services/shared/local_stack'
import { ensureProductionBuild } from '#services/shared/production_build'
import { StackStepFailed } from '#services/shared/startup_problems'
import type { DoctorResult } from '#services/shared/doctor/doctor_runner'
import { CHROMIUM_ARGS } from '#tests/bootstrap'
import { CaddyFront } from '#tests/helpers/deployment/caddy_front'
import { lookupLocalhostNames } from '#tests/helpers/deployment/localhost_names'
import {
  parseEnvironmentFile,
  resolveUnit,
  unitEnvironment,
} from '#tests/helpers/deployment/systemd_unit'
import { UnitProcess } from '#tests/helpers/deployment/unit_process'
import { TestS3Server } from '#tests/helpers/s3_server'
import { waitUntil } from '#tests/helpers/wait_until'

/** How many web instances of each app the rehearsal runs (the README's example). */
const INSTANCES: Record<AppId, number> = { sso: 1, transfer: 2, schedule: 2 }
export const ADMIN_EMAIL = 'admin@example.com'
export const ADMIN_NAME = 'Rehearsal Admin'
const RECENT_LINES = 80

/** A health-check transition in Caddy's log: an instance entering or leaving the rotation. */
type HealthEvent = { address: string; up: boolean; index: number }

/**
 * The deployment the README's "Deployment" section describes, on this
 * machine: the production build, deploy/systemd's units (read from the unit
 * files and started as systemd would, see systemd_unit.ts) with environment
 * files made from deploy/env/*.env.example, PostgreSQL (the test server, one
 * database per app), transfer's uploads on S3 (s3rver), and Caddy with
 * deploy/Caddyfile in front, serving https://sso.localhost:<port> and the
 * others from its internal CA.
 *
 * The production paths the units name are mapped to the rehearsal's:
 * /srv/production-suite (the build folder, where an operator runs
 * `npm ci --omit=dev`) is this project's build/, whose imports resolve to the
 * project's node_modules as they would to the build folder's own;
 * /etc/production-suite is a temporary folder; /usr/bin/node is the Node 24
 * running the tests (this container's /usr/bin/node is older).
 */
export class Rehearsal {
  readonly instances = {} as Record<AppId, UnitProcess[]>
  readonly workers = {} as Record<AppId, UnitProcess>
  readonly s3 = new TestS3Server()
  caddy!: CaddyFront
  agent!: Agent
  /** The first sso admin's password, as sso:bootstrap-admin printed it. */
  adminPassword = ''
  httpsPort = 0
  #recent: string[] = []
  #healthEvents: HealthEvent[] = []
  #caddyLines = 0
  #databaseServer: string
  #build = ''
  #machineEnv: Record<string, string> = {}
  #removeExitHandler = () => {}

  private constructor(
    readonly scratch: string,
    databaseServer: string
  ) {
    this.#databaseServer = databaseServer
  }

  static async start(): Promise<Rehearsal> {
    const server = process.env.TEST_DATABASE_SERVER_URL
    if (!server) {
      throw new Error('TEST_DATABASE_SERVER_URL is not set: run the tests with npm test')
    }
    const rehearsal = new Rehearsal(await mkdtemp(join(tmpdir(), 'deploy-rehearsal-')), server)
    try {
      await rehearsal.#start()
    } catch (error) {
      if (error instanceof StackStepFailed) {
        rehearsal.#log('rehearsal', error.output)
      }
      rehearsal.printRecentOutput()
      await rehearsal.stop()
      throw error
    }
    return rehearsal
  }

  url(appId: AppId) {
    return `https://${appId}.localhost:${this.httpsPort}`
  }

  databaseUrl(appId: AppId) {
    return withDatabase(this.#databaseServer, `deploy_${appId}`)
  }

  /** What the app's env file points MAIL_OUTBOX_DIR at. */
  outbox(appId: AppId) {
    return join(this.#stateDirectory(appId), 'outbox')
  }

  /** The host:port Caddy proxies to for an instance. */
  address(instance: UnitProcess) {
    return `127.0.0.1:${instance.unit.environment.PORT}`
  }

  /** Chromium as the other browser tests launch it, trusting Caddy's internal CA (pinned) only. */
  async chromiumArgs() {
    const pins = await this.caddy.spkiPins()
    return [...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${pins.join(',')}`]
  }

  /**
   * Starts an instance's unit again, as systemd's Restart=on-failure does
   * after a crash, and resolves once Caddy has it back in the rotation.
   */
  async restart(instance: UnitProcess) {
    await instance.exited
    // Out of the rotation first (a failed check), so that "up" below is news.
    await this.outOfRotation(instance)
    const since = this.#caddyLines
    instance.start()
    await this.#waitUntilInRotation(this.address(instance), since)
  }

  /** Resolves once Caddy's health check has taken the instance out of the rotation. */
  outOfRotation(instance: UnitProcess) {
    const address = this.address(instance)
    return waitUntil(`Caddy to take ${address} out of the rotation`, () => {
      const last = this.#healthEvents.findLast((event) => event.address === address)
      return last && !last.up
    })
  }

  async #start() {
    const started = performance.now()
    const phase = (name: string) =>
      this.#log('rehearsal', `${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`)
    const root = app.makePath()
    this.#installExitHandler()
    const build = await ensureProductionBuild(root, (line) => this.#log('build', line))
    this.#build = build.directory
    phase('build ready')
    // In the rehearsal's folder, which goes however the run ends.
    await this.s3.start(this.scratch)
    const [httpPort, adminPort] = [await freePort(), await freePort()]
    this.httpsPort = await freePort()
    const ports = {} as Record<AppId, number[]>
    for (const appId of APP_IDS) {
      ports[appId] = []
      for (let index = 0; index < INSTANCES[appId]; index++) {
        ports[appId].push(await freePort())
      }
      await recreateDatabase(this.#databaseServer, `deploy_${appId}`)
    }

    this.caddy = new CaddyFront({
      caddyfile: join(root, 'deploy', 'Caddyfile'),
      home: join(this.scratch, 'caddy'),
      adminPort,
      placeholders: {
        HTTP_PORT: String(httpPort),
        HTTPS_PORT: String(this.httpsPort),
        CADDY_ADMIN: `127.0.0.1:${adminPort}`,
        ...Object.fromEntries(
          APP_IDS.flatMap((appId) => [
            [`${appId.toUpperCase()}_SITE`, `${appId}.localhost`],
            [
              `${appId.toUpperCase()}_UPSTREAMS`,
              ports[appId].map((port) => `127.0.0.1:${port}`).join(' '),
            ],
          ])
        ),
      },
      log: (line) => this.#caddyLine(line),
    })
    // Caddy first: its internal CA must exist before the apps start trusting it.
    await this.caddy.start()
    const rootCertificate = join(this.caddy.authorityDirectory, 'root.crt')
    this.agent = new Agent({
      ca: await this.caddy.rootCertificate(),
      lookup: lookupLocalhostNames as never,
      keepAlive: true,
    })
    this.#machineEnv = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: join(this.scratch, 'home'),
      // Stand-ins for what production has without asking: DNS for the site
      // names, and certificates from a CA the system already trusts.
      NODE_OPTIONS: `--import=${join(root, 'tests/helpers/deployment/localhost_names_preload.ts')}`,
      NODE_EXTRA_CA_CERTS: rootCertificate,
    }

    phase('caddy started')
    await this.#writeEnvironmentFile('sso', {})
    await this.ace('sso', ['migration:run', '--force'])
    // The README's first admin and connected apps, with their callbacks through Caddy.
    const bootstrap = await this.ace('sso', [
      'sso:bootstrap-admin',
      ADMIN_EMAIL,
      `--name=${ADMIN_NAME}`,
      '--generate-password',
    ])
    this.adminPassword = printed(bootstrap, 'Password')
    await Promise.all(
      (['transfer', 'schedule'] as const).map(async (appId) => {
        const registered = await this.ace('sso', [
          'sso:apps:create',
          appId,
          `--redirect-uri=${this.url(appId)}${APP_PROFILES[appId].callbackPath}`,
        ])
        await this.#writeEnvironmentFile(appId, {
          SSO_BASE_URL: this.url('sso'),
          SSO_API_KEY: printed(registered, 'apiKey'),
          SSO_SECRET_KEY: printed(registered, 'secretKey'),
          // transfer's uploads in the bucket of the OBJSTORE_* names: s3rver on loopback.
          ...(appId === 'transfer' ? this.s3.env : {}),
        })
        await this.ace(appId, ['migration:run', '--force'])
        await this.ace(appId, [`${appId}:bootstrap-admin`, ADMIN_EMAIL])
      })
    )

    phase('migrated and seeded')
    const since = this.#caddyLines
    const starting: Promise<unknown>[] = []
    for (const appId of APP_IDS) {
      this.workers[appId] = await this.#unit(`${appId}-jobs.service`)
      starting.push(this.#waitForWorker(this.workers[appId].start()))
      this.instances[appId] = []
      for (const port of ports[appId]) {
        const instance = await this.#unit(`${appId}@.service`, String(port))
        this.instances[appId].push(instance.start())
        starting.push(this.#waitUntilInRotation(this.address(instance), since))
      }
    }
    await Promise.all(starting)
    phase('every unit started, every instance in the rotation')
  }

  #stateDirectory(appId: AppId) {
    return join(this.scratch, 'var', appId)
  }

  /**
   * /etc/production-suite/<app>.env as an operator writes it from
   * deploy/env/<app>.env.example: the example's values with this machine's
   * addresses, databases, secrets and folders. Every name set here must be
   * in the example, so the example lists what the rehearsal needed.
   */
  async #writeEnvironmentFile(appId: AppId, values: Record<string, string>) {
    const examplePath = app.makePath('deploy', 'env', `${appId}.env.example`)
    const example = parseEnvironmentFile(await readFile(examplePath, 'utf8'))
    const state = this.#stateDirectory(appId)
    const secret = randomBytes(36).toString('base64url')
    const settings: Record<string, string> = {
      APP_URL: this.url(appId),
      DATABASE_URL: this.databaseUrl(appId),
      [appId === 'sso' ? 'APP_KEY' : 'SESSION_SECRET']: secret,
      DRIVE_FS_ROOT: join(state, 'drive'),
      DRIVE_PRIVATE_FS_ROOT: join(state, 'private'),
      MAIL_OUTBOX_DIR: join(state, 'outbox'),
      // Mail lands as files in the outbox, where the rehearsal reads it; no SMTP server to log in to.
      MAIL_MAILER: 'outbox',
      SMTP_PASSWORD: '',
      ...values,
    }
    const undocumented = Object.keys(settings).filter((name) => !(name in example))
    if (undocumented.length > 0) {
      throw new Error(`${examplePath} does not list ${undocumented.join(', ')}`)
    }
    await mkdir(state, { recursive: true })
    await mkdir(join(this.scratch, 'etc'), { recursive: true })
    const lines = Object.entries({ ...example, ...settings }).map(([key, v]) => `${key}=${v}`)
    await writeFile(join(this.scratch, 'etc', `${appId}.env`), `${lines.join('\n')}\n`, {
      mode: 0o600,
    })
  }

  /** A unit of deploy/systemd, its production paths mapped to the rehearsal's. */
  async #unit(file: string, instance?: string) {
    const unit = await resolveUnit(app.makePath('deploy', 'systemd', file), {
      instance,
      paths: {
        '/srv/production-suite': this.#build,
        '/etc/production-suite': join(this.scratch, 'etc'),
        '/usr/bin/node': process.execPath,
      },
    })
    const env = { ...this.#machineEnv, ...(await unitEnvironment(unit)) }
    return new UnitProcess(unit, env, (line) => this.#log(unit.name, line))
  }

  /**
   * `node ace <args>` with the app's environment, as the README's systemd-run
   * line runs a one-off command: the app's jobs unit with another command.
   */
  async ace(appId: AppId, args: string[]) {
    const worker = await this.#unit(`${appId}-jobs.service`)
    const [node, entrypoint] = worker.unit.command
    if (entrypoint !== 'ace.js') {
      throw new Error(`${worker.name} no longer runs ace.js: update the README and the rehearsal`)
    }
    return runToEnd(node, [entrypoint, ...args], {
      cwd: worker.unit.workingDirectory,
      env: worker.env,
      step: `node ace ${args.join(' ')} (${appId})`,
    })
  }

  /**
   * `node ace doctor --json` as an operator runs it after a deploy: its
   * report, whether or not a check failed (exit code 1).
   */
  async doctor(appId: AppId): Promise<DoctorResult[]> {
    const output = await this.ace(appId, ['doctor', '--json']).catch((error: unknown) => {
      if (error instanceof StackStepFailed) {
        return error.output
      }
      throw error
    })
    // The report is the JSON array the command prints; log lines may come before it.
    return JSON.parse(output.slice(output.indexOf('[\n')))
  }

  async #waitForWorker(worker: UnitProcess) {
    await waitUntil(
      `${worker.name} to work its queues`,
      () => {
        if (!worker.running) {
          throw new Error(`${worker.name} exited while starting`)
        }
        return worker.output.includes('Waiting for jobs')
      },
      90_000
    )
  }

  /** Until Caddy's health check has seen the instance answer /readyz after line `since`. */
  #waitUntilInRotation(address: string, since: number) {
    return waitUntil(
      `Caddy to put ${address} in the rotation`,
      () =>
        this.#healthEvents.some(
          (event) => event.address === address && event.up && event.index >= since
        ),
      90_000
    )
  }

  #caddyLine(line: string) {
    const index = this.#caddyLines++
    const entry = safeJson(line)
    if (entry?.logger === 'http.handlers.reverse_proxy.health_checker.active') {
      this.#healthEvents.push({ address: entry.host, up: entry.msg === 'host is up', index })
    }
    // The rehearsal's own questions to the admin API say nothing about a failure.
    if (entry?.logger !== 'admin.api') {
      this.#log('caddy', line)
    }
  }

  #log(source: string, line: string) {
    if (process.env.STACK_LOG) {
      console.log(`${source} │ ${line}`)
    }
    this.#recent.push(`${source} │ ${line}`)
    this.#recent.splice(0, this.#recent.length - RECENT_LINES * 4)
  }

  /** What the processes printed last: shown when a rehearsal test fails. */
  printRecentOutput() {
    const lines = this.#recent.slice(-RECENT_LINES)
    if (lines.length > 0) {
      console.log(`\nThe rehearsal's last ${lines.length} lines:\n${lines.join('\n')}`)
    }
  }

  #units() {
    return [...Object.values(this.instances).flat(), ...Object.values(this.workers)]
  }

  /*
   * However the run ends (a failed start, Ctrl-C, an uncaught error), no
   * process of the rehearsal outlives it and its folder goes.
   */
  #installExitHandler() {
    const onExit = () => {
      for (const unit of this.#units()) {
        unit.signal('SIGKILL')
      }
      this.caddy?.killNow()
      rmSync(this.scratch, { recursive: true, force: true })
    }
    process.once('exit', onExit)
    this.#removeExitHandler = () => process.off('exit', onExit)
  }

  async stop() {
    await Promise.all(this.#units().map((unit) => unit.stop()))
    await this.caddy?.stop()
    await this.s3.stop()
    this.agent?.destroy()
    await rm(this.scratch, { recursive: true, force: true })
    this.#removeExitHandler()
  }
}

/** A `label: value` line of a command's output (an apiKey, a generated password). */
function printed(output: string, label: string) {
  const line = stripVTControlCharacters(output)
    .split('\n')
    .find((entry) => entry.startsWith(`${label}:`))
  if (!line) {
    throw new Error(`no "${label}:" line in:\n${output}`)
  }
  return line.slice(label.length + 1).trim()
}

function safeJson(line: string) {
  try {
    return JSON.parse(line)
  } catch {
    return null
  }
}
