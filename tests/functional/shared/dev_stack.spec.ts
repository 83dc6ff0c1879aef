import { readdirSync } from 'node:fs'
import { rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { networkInterfaces } from 'node:os'
import { join, relative } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { AppProcess } from '#tests/helpers/app_process'
import { startBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { waitUntil } from '#tests/helpers/wait_until'
import { freePort } from '#services/shared/local_stack'
import { APP_IDS } from '#services/shared/app_profiles'

/*
 * What `npm run dev` exposes. Its apps run Vite's dev server inside them
 * (DEV_MODE), which serves files of the project through `/@fs/<path>` and
 * root-relative URLs: only the pages' sources and their dependencies may
 * come out, never storage/ (the stack's secrets, PostgreSQL's files, the
 * mail outbox), database/ or an .env file. And the launcher's apps listen on
 * loopback only, and come back when one of them dies.
 */

const root = app.makePath()
const SECRET = `fs-probe-secret-${process.pid}`

test.group('dev stack: what Vite serves', (group) => {
  let server: AppProcess
  const cacheDir = `node_modules/.vite/fs-probe-${process.pid}`
  const storageProbe = join(root, 'storage', `fs-probe-${process.pid}.json`)
  const envProbe = join(root, `.env.fsprobe-${process.pid}`)
  const migrationsRoot = join(root, 'database', 'migrations', 'shared')
  const migration = join(migrationsRoot, readdirSync(migrationsRoot)[0])

  group.setup(async () => {
    await writeFile(storageProbe, JSON.stringify({ secret: SECRET }))
    await writeFile(envProbe, `APP_KEY=${SECRET}\n`)
    server = await new AppProcess('sso', `fs_probe_${process.pid}`).prepare()
    await server.start({
      DEV_MODE: 'true',
      VITE_HMR_PORT: String(await freePort()),
      // A cache of its own: the browser tests' stack may be optimising into theirs.
      VITE_CACHE_DIR: cacheDir,
    })
    // The server answers before its Vite dev server is up (a provider's ready hook).
    await waitUntil(
      "Vite's dev server",
      async () => {
        const client = await fetch(`${server.url}/@vite/client`)
        return client.status === 200
      },
      90_000
    )
    return async () => {
      await server.cleanup()
      await rm(storageProbe, { force: true })
      await rm(envProbe, { force: true })
      await rm(join(root, cacheDir), { recursive: true, force: true })
    }
  })

  async function get(path: string) {
    const response = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(20_000) })
    return { status: response.status, body: await response.text() }
  }

  /** A file the pages never load: refused whichever way it is asked for. */
  async function assertRefused(
    assert: import('@japa/assert').Assert,
    file: string,
    contains: string
  ) {
    const fromRoot = `/${relative(root, file)}`
    for (const path of [
      `/@fs${file}`,
      `/@fs${file}?raw`,
      `/@fs${file}?import&raw`,
      `/@fs${file}?url`,
      fromRoot,
      `${fromRoot}?raw`,
      `${fromRoot}?import`,
    ]) {
      const { status, body } = await get(path)
      assert.include([403, 404], status, `${path} answered ${status}`)
      assert.notInclude(body, contains, `${path} gave the file away`)
    }
  }

  test('storage/ (secrets, PostgreSQL files, mail) is refused', async ({ assert }) => {
    await assertRefused(assert, storageProbe, SECRET)
  }).timeout(60_000)

  test('an .env file is refused', async ({ assert }) => {
    await assertRefused(assert, envProbe, SECRET)
  }).timeout(60_000)

  test('database/ is refused', async ({ assert }) => {
    await assertRefused(assert, migration, 'export default')
  }).timeout(60_000)

  test('the rest of the project outside inertia/ is refused', async ({ assert }) => {
    await assertRefused(assert, join(root, 'package.json'), '"dependencies"')
    await assertRefused(assert, join(root, 'config', 'app.ts'), 'appKey')
  }).timeout(60_000)

  test('what the pages load is still served', async ({ assert }) => {
    for (const path of [
      '/inertia/css/base.css',
      `/@fs${join(root, 'inertia', 'css', 'base.css')}`,
      '/inertia/app/sso.tsx',
      '/@vite/client',
      '/@react-refresh',
      `/@fs${join(root, 'node_modules', 'react', 'index.js')}`,
    ]) {
      const { status } = await get(path)
      assert.equal(status, 200, `${path} answered ${status}`)
    }
  }).timeout(90_000)

  test('the sign-in page renders with its scripts', async ({ assert }) => {
    const page = await waitUntil(
      'the sign-in page',
      async () => {
        const response = await get('/login')
        return response.status === 200 && response.body
      },
      60_000
    )
    assert.include(page, '/inertia/app/sso.tsx')
  }).timeout(90_000)
})

/** This machine's addresses other machines reach it on. */
const networkAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((address) => address && !address.internal)
  .map((address) => address!.address)

/** Whether a TCP connection to host:port is accepted ('refused' when nothing listens there). */
function tryConnect(host: string, port: number) {
  return new Promise<'accepted' | 'refused'>((resolve, reject) => {
    const socket = connect({ host, port, timeout: 5000 })
    socket.once('connect', () => {
      socket.destroy()
      resolve('accepted')
    })
    socket.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolve('refused') : reject(error)
    )
    socket.once('timeout', () => {
      socket.destroy()
      reject(new Error(`connecting to ${host}:${port} timed out`))
    })
  })
}

async function answers(url: string) {
  try {
    const response = await fetch(`${url}/api/stack-probe`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(5000),
    })
    return response.status === 404
  } catch {
    return false
  }
}

test.group("dev stack: the launcher's apps", (group) => {
  let running: SeededStack
  const lines: string[] = []
  const cacheDirs = APP_IDS.map((appId) => `node_modules/.vite/devstack-${process.pid}-${appId}`)

  group.setup(async () => {
    running = await startBrowserStack(
      `devstack${process.pid}`,
      // Vite caches of their own: another run's stack may be optimising into the usual ones.
      () =>
        Object.fromEntries(
          APP_IDS.map((appId, index) => [appId, { VITE_CACHE_DIR: cacheDirs[index] }])
        ),
      (source, line) => lines.push(`${source} │ ${line}`)
    )
    return async () => {
      await running.stack.stop()
      for (const cacheDir of cacheDirs) {
        await rm(join(root, cacheDir), { recursive: true, force: true })
      }
    }
  })

  test('they listen on loopback only', async ({ assert }) => {
    for (const appId of APP_IDS) {
      const port = running.stack.options.ports[appId]
      assert.equal(await tryConnect('127.0.0.1', port), 'accepted', `${appId} on loopback`)
      for (const address of networkAddresses) {
        assert.equal(await tryConnect(address, port), 'refused', `${appId} on ${address}`)
      }
    }
  })
    .skip(networkAddresses.length === 0, 'this machine has no network address')
    .timeout(60_000)

  test('an app that dies is started again, and the log says so', async ({ assert }) => {
    const { stack } = running
    const before = stack.pid('schedule')
    process.kill(before, 'SIGKILL')
    await waitUntil(
      'the restart to be announced',
      () =>
        lines.some((line) =>
          line.startsWith('schedule │ exited unexpectedly (signal SIGKILL); restarting in 1 s')
        ),
      10_000
    )
    await waitUntil(
      'schedule to answer again',
      () => answers(`http://127.0.0.1:${stack.options.ports.schedule}`),
      90_000
    )
    assert.notEqual(stack.pid('schedule'), before)
    // The others never stopped.
    assert.isTrue(await answers(`http://127.0.0.1:${stack.options.ports.sso}`))
    assert.isTrue(await answers(`http://127.0.0.1:${stack.options.ports.transfer}`))
  }).timeout(120_000)
})
