import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import { EmbeddedDatabase, withDatabase } from '#services/shared/embedded_database'
import { freePort } from '#services/shared/local_stack'
import {
  StackStepFailed,
  StartupProblem,
  blockedDirectory,
  browsersRefusePort,
  ensureDatabaseReachable,
  ensurePortUsable,
  explainStartupFailure,
  postgresUserCannotReach,
} from '#services/shared/startup_problems'

/** Holds a port the way another program would. */
async function holdPort(host: string) {
  const port = await freePort()
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  return { port, release: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** The message a start that fails this way prints. */
async function messageOf(start: Promise<unknown>) {
  try {
    await start
  } catch (error) {
    if (error instanceof StartupProblem) {
      return error.message
    }
    throw error
  }
  throw new Error('it did not fail')
}

test.group('startup problems: folders the postgres user cannot enter', (group) => {
  let root: string
  group.each.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'startup-'))
    // mkdtemp makes a private folder; the tests make their own private ones below it.
    await chmod(root, 0o755)
    return () => rm(root, { recursive: true, force: true })
  })

  test('a private folder on the way blocks another user; its group or others bit opens it', async ({
    assert,
  }) => {
    const home = join(root, 'home')
    const data = join(home, 'project', 'storage', 'postgres')
    await mkdir(join(home, 'project'), { recursive: true })
    const stranger = { uid: 999_999, gids: [999_999] }

    await chmod(home, 0o700)
    assert.equal(blockedDirectory(data, stranger), home)

    await chmod(home, 0o701)
    assert.isNull(blockedDirectory(data, stranger))

    const { gid } = await stat(home)
    await chmod(home, 0o710)
    assert.equal(blockedDirectory(data, stranger), home)
    assert.isNull(blockedDirectory(data, { uid: 999_999, gids: [gid] }))
  })

  test('as root, says why PostgreSQL cannot start there and what to do instead', async ({
    assert,
  }) => {
    const home = join(root, 'home')
    const data = join(home, 'project', 'storage', 'postgres')
    await mkdir(join(home, 'project'), { recursive: true })
    await chmod(home, 0o700)
    const postgres = { uid: 999_999, gids: [999_999] }

    const message = postgresUserCannotReach([data], true, postgres)!
    assert.include(message, 'PostgreSQL refuses to run as root')
    assert.include(message, `may not enter ${home} (mode 700), which holds ${data}`)
    assert.include(message, 'as an ordinary user')
    assert.include(message, 'SSO_DATABASE_URL, TRANSFER_DATABASE_URL and SCHEDULE_DATABASE_URL')
    assert.notInclude(message, '\n')

    assert.isNull(postgresUserCannotReach([data], false, postgres))
    await chmod(home, 0o755)
    assert.isNull(postgresUserCannotReach([data], true, postgres))
  })
})

test.group('startup problems: ports and databases', () => {
  test('a taken port names who needs it and the variable that moves it', async ({ assert }) => {
    const held = await holdPort('0.0.0.0')
    try {
      const message = await messageOf(
        ensurePortUsable(held.port, '0.0.0.0', { who: 'sso', variable: 'SSO_PORT' })
      )
      assert.include(message, `Port ${held.port} is already in use, and sso needs it`)
      assert.include(message, `SSO_PORT=${held.port + 10} npm run dev`)
    } finally {
      await held.release()
    }
    await ensurePortUsable(held.port, '0.0.0.0', { who: 'sso', variable: 'SSO_PORT' })
  })

  test('a port browsers refuse is refused at once, with the variable that moves it', async ({
    assert,
  }) => {
    for (const port of [6000, 6665, 6669, 10080]) {
      const message = await messageOf(
        ensurePortUsable(port, '127.0.0.1', { who: 'transfer', variable: 'TRANSFER_PORT' })
      )
      assert.include(message, `Port ${port} is one that browsers refuse to open`)
      assert.include(message, `TRANSFER_PORT=${port + 10} npm run dev`)
    }
    assert.isTrue(browsersRefusePort(6000))
    assert.isFalse(browsersRefusePort(5000))
    assert.isFalse(browsersRefusePort(3334))
  })

  test('the embedded PostgreSQL refuses a taken port before touching its folder', async ({
    assert,
  }) => {
    const held = await holdPort('127.0.0.1')
    const dataDir = join(tmpdir(), `startup-pg-${held.port}`)
    try {
      const message = await messageOf(new EmbeddedDatabase(dataDir, held.port).start())
      assert.include(message, `Port ${held.port}, where the embedded PostgreSQL would listen`)
      assert.include(message, 'EMBEDDED_PG_PORT')
      await assert.rejects(() => stat(dataDir))
    } finally {
      await held.release()
    }
  })

  test('an unreachable, refusing or missing database is said in words', async ({ assert }) => {
    const nobody = await freePort()
    assert.equal(
      await messageOf(
        ensureDatabaseReachable(`postgres://u:secret@127.0.0.1:${nobody}/x`, 'SSO_DATABASE_URL')
      ),
      `Nothing answers at 127.0.0.1:${nobody}/x (SSO_DATABASE_URL): that PostgreSQL is not running, or listens on another port. Start it or correct the URL.`
    )

    const server = new URL(process.env.TEST_DATABASE_SERVER_URL!)
    const wrongPassword = new URL(server)
    wrongPassword.password = 'not-the-password'
    const refused = await messageOf(
      ensureDatabaseReachable(wrongPassword.toString(), 'TRANSFER_DATABASE_URL')
    )
    assert.include(refused, 'refused the user name or password in TRANSFER_DATABASE_URL')
    assert.notInclude(refused, 'not-the-password')

    const missing = await messageOf(
      ensureDatabaseReachable(
        withDatabase(server.toString(), 'no_such_db'),
        'SCHEDULE_DATABASE_URL'
      )
    )
    assert.include(missing, 'The database in SCHEDULE_DATABASE_URL does not exist')
    assert.include(missing, 'createdb no_such_db')

    await ensureDatabaseReachable(server.toString(), 'SSO_DATABASE_URL')
  })
})

test.group('startup problems: what the launcher prints', () => {
  test('a failed step shows what it said without stack frames', ({ assert }) => {
    const output = [
      '[33mWARN[39m Acquire connection error',
      '',
      '[31mℹ Error: relation "users" already exists[39m',
      '',
      ' ⁃ at Client._handleErrorMessage (node_modules/pg/lib/client.js:1:1)',
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
    ].join('\n')
    const failure = new StackStepFailed('`node ace migration:run --force` (sso)', output)
    const message = explainStartupFailure(failure)
    assert.include(message, '`node ace migration:run --force` (sso) failed')
    assert.include(message, 'ℹ Error: relation "users" already exists')
    assert.notInclude(message, ' at ')
    assert.notInclude(message, '\u001b[')
    assert.include(message, 'STACK_DEBUG=1')
    assert.include(explainStartupFailure(failure, true), 'processTicksAndRejections')
  })

  test('an explained problem is printed as it is; anything else by its message only', ({
    assert,
  }) => {
    assert.equal(explainStartupFailure(new StartupProblem('Port 1 is taken.')), 'Port 1 is taken.')
    const unexpected = new Error('boom')
    const message = explainStartupFailure(unexpected)
    assert.equal(
      message,
      'The stack could not start: boom. (Set STACK_DEBUG=1 to see where it failed.)'
    )
    assert.include(explainStartupFailure(unexpected, true), 'startup_problems.spec.ts')
  })
})
