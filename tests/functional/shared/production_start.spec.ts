import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { APP_IDS, APP_PROFILES, type AppId } from '#services/shared/app_profiles'
import { recreateDatabase, withDatabase } from '#services/shared/embedded_database'
import { freePort } from '#services/shared/local_stack'
import { waitUntil } from '#tests/helpers/wait_until'

/*
 * `npm start` as a person runs it: bin/start.ts as its own process, with its
 * own databases (SSO_/TRANSFER_/SCHEDULE_DATABASE_URL on the test server),
 * ports and storage folder (STACK_STORAGE). What it prints, what its apps
 * serve, and how it restarts and stops them. The first start of a run may
 * build the apps (about 25 s, shared with the other tests that use build/).
 */

const root = app.makePath()

/** Variables of the test process that would point the launcher's apps elsewhere. */
const TEST_RUN_VARIABLES = [
  'APP_ID',
  'NODE_ENV',
  'PORT',
  'HOST',
  'APP_URL',
  'DATABASE_URL',
  'APP_KEY',
  'SESSION_SECRET',
  'SSO_API_KEY',
  'SSO_BASE_URL',
  'VITE_HMR_PORT',
  'DRIVE_FS_ROOT',
  'DRIVE_PRIVATE_FS_ROOT',
  'MAIL_OUTBOX_DIR',
  'STACK_HOST',
  'ENV_PATH',
]

/** One `npm start`: its process and every line it printed. */
class StartedLauncher {
  readonly lines: string[] = []
  readonly child: ChildProcess
  readonly exited: Promise<number | null>

  constructor(env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'bin/start.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a failed test can end it with its apps.
      detached: true,
    })
    for (const stream of [this.child.stdout!, this.child.stderr!]) {
      let buffered = ''
      stream.on('data', (chunk: Buffer) => {
        buffered += chunk.toString()
        const lines = buffered.split('\n')
        buffered = lines.pop() ?? ''
        this.lines.push(...lines)
      })
    }
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)))
  }

  get output() {
    return this.lines.join('\n')
  }

  async waitFor(text: string, timeoutMs: number) {
    await Promise.race([
      waitUntil(`"${text}" from npm start`, () => this.output.includes(text), timeoutMs),
      this.exited.then((code) => {
        throw new Error(`npm start exited (${code}) before "${text}":\n${this.output}`)
      }),
    ])
  }

  /** The process id of one app's server (a child of the launcher), or null when none runs. */
  appPid(appId: AppId) {
    for (const entry of readdirSync('/proc')) {
      const stat = /^\d+$/.test(entry) && readProcFile(`/proc/${entry}/stat`)
      // The parent's id is the second field after the (parenthesised) command name.
      if (!stat || Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== this.child.pid) {
        continue
      }
      const environment = readProcFile(`/proc/${entry}/environ`)?.split('\0') ?? []
      if (environment.includes(`APP_ID=${appId}`)) {
        return Number(entry)
      }
    }
    return null
  }

  /** Ends the launcher and its apps at once (a test's cleanup). */
  kill() {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      process.kill(-this.child.pid!, 'SIGKILL')
    }
  }
}

function readProcFile(path: string) {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

async function answers(port: number) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/stack-probe`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(5000),
    })
    return response.status === 404
  } catch {
    return false
  }
}

test.group('npm start: the production build, as people run it', (group) => {
  let storage: string
  let env: NodeJS.ProcessEnv
  const ports = {} as Record<AppId, number>
  let launcher: StartedLauncher
  const launchers: StartedLauncher[] = []

  function start() {
    launcher = new StartedLauncher(env)
    launchers.push(launcher)
    return launcher
  }

  group.setup(async () => {
    const server = process.env.TEST_DATABASE_SERVER_URL
    if (!server) {
      throw new Error('TEST_DATABASE_SERVER_URL is not set: run the tests with npm test')
    }
    storage = await mkdtemp(join(tmpdir(), 'npm-start-'))
    env = { ...process.env, STACK_STORAGE: storage, FORCE_COLOR: '0' }
    for (const name of TEST_RUN_VARIABLES) {
      delete env[name]
    }
    for (const appId of APP_IDS) {
      const database = `start_${process.pid}_${appId}`
      await recreateDatabase(server, database)
      env[`${appId.toUpperCase()}_DATABASE_URL`] = withDatabase(server, database)
      ports[appId] = await freePort()
      env[`${appId.toUpperCase()}_PORT`] = String(ports[appId])
    }
    await start().waitFor('Press Ctrl-C to stop.', 240_000)
    return async () => {
      launchers.forEach((started) => started.kill())
      await rm(storage, { recursive: true, force: true })
    }
  })

  test('it prints the three addresses and the demo sign-in', async ({ assert }) => {
    const { output } = launcher
    assert.include(output, 'The stack is running (the production build, NODE_ENV=production):')
    assert.include(output, `  sso       http://localhost:${ports.sso}\n`)
    assert.include(output, `  transfer  http://localhost:${ports.transfer}/admin\n`)
    assert.include(output, `  schedule  http://localhost:${ports.schedule}\n`)
    assert.include(output, 'Demo sign-in (the password is shown only this once; write it down):')
    assert.include(output, '  email     admin@example.com\n')
    assert.match(output, /\n {2}password {2}\S{12,}\n/)
    assert.include(output, 'Demo data (added on this first start only):')
    // The servers' JSON log lines are shown as words.
    assert.match(output, new RegExp(`sso +│ \\d\\d:\\d\\d:\\d\\d INFO started HTTP server`))
  })

  test('its apps keep their files in the storage folder, not in build/', async ({ assert }) => {
    assert.isTrue(existsSync(join(storage, 'stack-secrets.json')))
    // The demo's uploads, stored by transfer's fs disk.
    const uploads = await readdir(join(storage, 'drive', 'transfer'), { recursive: true })
    assert.isAbove(uploads.length, 0)
    // The build is as `node ace build` left it: the next build replaces all of it.
    const built = statSync(join(root, 'build', '.source-fingerprint')).mtimeMs
    const entries = await readdir(join(root, 'build'), { recursive: true, withFileTypes: true })
    const written = entries
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((path) => statSync(path).mtimeMs > built)
    assert.deepEqual(written, [])
  })

  test('pages come from the build, with Secure session cookies', async ({ assert }) => {
    const page = await fetch(`http://127.0.0.1:${ports.sso}/login`)
    const html = await page.text()
    assert.equal(page.status, 200)
    assert.match(html, /<script type="module"[^>]* src="\/assets\/[^"]+\.js"/)
    assert.notInclude(html, '/@vite/client')
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)![1]
    const asset = await fetch(`http://127.0.0.1:${ports.sso}${script}`)
    assert.equal(asset.status, 200)
    assert.include(asset.headers.get('content-type'), 'javascript')

    const setCookies = async (url: string) => {
      const response = await fetch(url, { redirect: 'manual' })
      return response.headers.getSetCookie()
    }
    const cookies = {
      sso: page.headers.getSetCookie(),
      transfer: await setCookies(`http://127.0.0.1:${ports.transfer}/admin`),
      schedule: await setCookies(`http://127.0.0.1:${ports.schedule}/login`),
    }
    for (const appId of APP_IDS) {
      const session = cookies[appId].find((cookie) =>
        cookie.startsWith(`${APP_PROFILES[appId].sessionCookie}=`)
      )
      assert.exists(session, `${appId} sets its session cookie`)
      assert.match(session!, /; Secure(;|$)/, `${appId}'s session cookie is Secure`)
      assert.match(session!, /; HttpOnly(;|$)/, `${appId}'s session cookie is HttpOnly`)
    }
  }).timeout(60_000)

  test('an app that dies is started again, and it says so', async ({ assert }) => {
    const before = launcher.appPid('schedule')
    assert.isNotNull(before)
    process.kill(before!, 'SIGKILL')
    await launcher.waitFor(
      'schedule │ exited unexpectedly (signal SIGKILL); restarting in 1 s',
      10_000
    )
    await waitUntil('schedule to answer again', () => answers(ports.schedule), 60_000)
    assert.notEqual(launcher.appPid('schedule'), before)
    assert.isTrue(await answers(ports.sso))
    assert.isTrue(await answers(ports.transfer))
  }).timeout(90_000)

  test('Ctrl-C stops the apps, then the launcher', async ({ assert }) => {
    const pids = APP_IDS.map((appId) => launcher.appPid(appId)!)
    launcher.child.kill('SIGINT')
    assert.equal(await launcher.exited, 0)
    assert.include(launcher.output, 'SIGINT: stopping the apps…')
    assert.equal(launcher.lines.at(-1), 'stopped.')
    for (const appId of APP_IDS) {
      assert.isFalse(await answers(ports[appId]), `${appId} still answers`)
    }
    for (const pid of pids) {
      assert.isFalse(existsSync(`/proc/${pid}`), `process ${pid} is still there`)
    }
  }).timeout(60_000)

  test('a second start reuses the build and the data', async ({ assert }) => {
    const second = start()
    await second.waitFor('Press Ctrl-C to stop.', 120_000)
    assert.include(
      second.output,
      'reusing the production build in build/ (the sources have not changed since it was made)'
    )
    assert.notInclude(second.output, 'building the apps for production')
    assert.include(
      second.output,
      'Demo sign-in: admin@example.com with the password printed at the first start.'
    )
    assert.notInclude(second.output, 'Demo data (added on this first start only)')
    second.child.kill('SIGTERM')
    assert.equal(await second.exited, 0)
  }).timeout(150_000)
})
