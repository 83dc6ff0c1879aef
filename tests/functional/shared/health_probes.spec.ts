import { readdir, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Assert } from '@japa/assert'
import { test } from '@japa/runner'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { freePort } from '#services/shared/local_stack'
import { AppProcess } from '#tests/helpers/app_process'
import { TestS3Server } from '#tests/helpers/s3_server'
import { TcpCable } from '#tests/helpers/tcp_cable'
import { READINESS_CHECKS } from '#tests/helpers/health_probes'
import { waitUntil } from '#tests/helpers/wait_until'

type CheckReport = { status: string; reason?: string; durationMs: number; [key: string]: unknown }
type Readiness = { status: string; checks: Record<string, CheckReport> }

async function readiness(server: AppProcess) {
  const response = await fetch(`${server.url}/readyz`)
  const text = await response.text()
  return { status: response.status, text, body: JSON.parse(text) as Readiness }
}

/** Polls /readyz until it answers `status` (a result lives 2 s). */
function readinessBecomes(server: AppProcess, status: number) {
  return waitUntil(
    `/readyz of ${server.appId} to answer ${status}`,
    async () => {
      const answer = await readiness(server)
      return answer.status === status && answer
    },
    20_000
  )
}

/** Nothing of the server's configuration in a body anyone may read: no URL, path or trace. */
function assertNoSecrets(assert: Assert, text: string, server: AppProcess) {
  assert.notMatch(text, /\//, 'no path or URL')
  assert.notInclude(text, 'postgres')
  assert.notInclude(text, server.secret)
  assert.notInclude(text, '127.0.0.1')
  assert.notMatch(text, /\bat \w/, 'no stack trace')
}

/**
 * The raw answers on one kept-alive connection: requests written in one go
 * are answered in order (HTTP/1.1 pipelining), as a proxy reuses its
 * upstream connections.
 */
function answersOf(raw: string) {
  return raw
    .split(/(?=HTTP\/1\.1 \d{3} )/)
    .filter(Boolean)
    .map((answer) => ({
      status: Number(answer.slice(9, 12)),
      body: answer.slice(answer.indexOf('\r\n\r\n') + 4),
    }))
}

/*
 * The probes of real servers, one per failure: each app's routes exist only
 * in its own process. Servers run from the sources with the test runner's
 * PostgreSQL; each test leaves its server as it found it.
 */
test.group('Health probes of running servers', (group) => {
  let s3: TestS3Server
  let s3Stopped = false
  let working: AppProcess
  let databaseCable: TcpCable
  let noDatabase: AppProcess
  let unwritable: AppProcess
  let closedPort: number

  group.setup(async () => {
    closedPort = await freePort()
    s3 = await new TestS3Server().start()
    working = new AppProcess('transfer', 'health_working', s3.env)
    noDatabase = new AppProcess('schedule', 'health_no_database', {
      JOBS_IN_WEB: 'false',
      READYZ_MIN_FREE_BYTES: String(10 ** 18),
    })
    unwritable = new AppProcess('sso', 'health_unwritable')
    await Promise.all([working.prepare(), noDatabase.prepare(), unwritable.prepare()])

    // The working server reaches its database through a cable a test unplugs.
    const direct = new URL(working.databaseUrl)
    databaseCable = await new TcpCable(direct.hostname, Number(direct.port)).plugIn()
    const cabled = new URL(working.databaseUrl)
    cabled.hostname = '127.0.0.1'
    cabled.port = String(databaseCable.port)
    working.extraEnv.DATABASE_URL = cabled.href
    noDatabase.extraEnv.DATABASE_URL = `postgres://postgres:secret-password@127.0.0.1:${closedPort}/schedule`
    noDatabase.extraEnv.DRIVE_PRIVATE_FS_ROOT = join(noDatabase.directory, 'private')
    // Tests run as root, whom file modes do not stop: a folder under a regular file cannot be made.
    const blocker = join(unwritable.directory, 'a-file')
    await writeFile(blocker, 'not a folder')
    unwritable.extraEnv.DRIVE_FS_ROOT = join(blocker, 'drive')

    await Promise.all([working.start(), noDatabase.start(), unwritable.start()])
    return async () => {
      await Promise.all([working.cleanup(), noDatabase.cleanup(), unwritable.cleanup()])
      if (!s3Stopped) await s3.stop()
      await databaseCable.unplug()
    }
  })
  group.each.timeout(60_000)

  test('a ready server: /readyz 200 naming each check, the workers polling', async ({ assert }) => {
    // The workers start once the server listens: not ready until they poll.
    const { body, text } = await readinessBecomes(working, 200)
    assert.equal(body.status, 'ok')
    assert.sameMembers(Object.keys(body.checks), READINESS_CHECKS)
    for (const name of READINESS_CHECKS) {
      assert.equal(body.checks[name].status, 'ok', `${name}: ${body.checks[name].reason}`)
    }
    assertNoSecrets(assert, text, working)
  })

  test('many callers at once share one run of the checks, which leaves no probe file', async ({
    assert,
  }) => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => readiness(working)))
    assert.lengthOf(new Set(answers.map((answer) => answer.text)), 1)
    const client = new S3Client({ ...s3.options, forcePathStyle: true })
    const left = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))
    assert.deepEqual(left.Contents ?? [], [])
  })

  test('a migration that has not run: 503 naming migrations', async ({ assert }) => {
    await working.ace('migration:rollback', '--step=1', '--force')
    try {
      const { body, text } = await readinessBecomes(working, 503)
      assert.equal(body.status, 'failing')
      assert.equal(body.checks.migrations.status, 'failing')
      assert.equal(
        body.checks.migrations.reason,
        '1 migration has not run (node ace migration:run)'
      )
      assert.equal(body.checks.database.status, 'ok')
      assertNoSecrets(assert, text, working)
    } finally {
      await working.ace('migration:run', '--force')
    }
    await readinessBecomes(working, 200)
  })

  test('a database that goes away: 503 naming database and jobs, ready again once it is back', async ({
    assert,
  }) => {
    await readinessBecomes(working, 200)
    await databaseCable.unplug()
    try {
      const { body, text } = await readinessBecomes(working, 503)
      assert.equal(body.checks.database.status, 'failing')
      assert.equal(body.checks.jobs.status, 'failing')
      assertNoSecrets(assert, text, working)
    } finally {
      await databaseCable.plugIn()
    }
    const { body } = await readinessBecomes(working, 200)
    assert.equal(body.checks.jobs.status, 'ok')
  })

  test('a database that does not answer: the server still boots, /healthz 200, /readyz 503', async ({
    assert,
  }) => {
    const live = await fetch(`${noDatabase.url}/healthz`)
    assert.equal(live.status, 200)
    assert.deepEqual(await live.json(), { status: 'ok' })

    const { status, body, text } = await readiness(noDatabase)
    assert.equal(status, 503)
    assert.equal(body.status, 'failing')
    assert.equal(body.checks.database.status, 'failing')
    assert.equal(body.checks.database.reason, 'the database did not answer (ECONNREFUSED)')
    assert.equal(body.checks.jobs.reason, 'the job queue did not answer (ECONNREFUSED)')
    assert.equal(
      body.checks.migrations.reason,
      'the applied migrations could not be read (ECONNREFUSED)'
    )
    assertNoSecrets(assert, text, noDatabase)
    assert.notInclude(text, String(closedPort))
    assert.notInclude(text, 'secret-password')
  })

  test('too little free space: 503 naming storage with its free and wanted bytes', async ({
    assert,
  }) => {
    const { status, body } = await readiness(noDatabase)
    assert.equal(status, 503)
    const storage = body.checks.storage
    assert.equal(storage.status, 'failing')
    assert.equal(storage.minFreeBytes, 10 ** 18)
    assert.isBelow(storage.freeBytes as number, 10 ** 18)
    assert.equal(storage.reason, `only ${storage.freeBytes} bytes free, below ${10 ** 18}`)
    const files = await readdir(join(noDatabase.directory, 'private'))
    assert.deepEqual(files, [], 'the probe file is removed')
  })

  test('storage the app cannot write to: 503 naming storage', async ({ assert }) => {
    const { status, body, text } = await readiness(unwritable)
    assert.equal(status, 503, text)
    assert.equal(body.checks.storage.status, 'failing')
    assert.equal(body.checks.storage.reason, 'the files folder is not writable (ENOTDIR)')
    for (const name of ['database', 'migrations', 'jobs']) {
      assert.equal(body.checks[name].status, 'ok', `${name}: ${body.checks[name].reason}`)
    }
    assertNoSecrets(assert, text, unwritable)
  })

  test('an object store that does not answer: 503 naming storage', async ({ assert }) => {
    await s3.stop()
    s3Stopped = true
    const { body, text } = await readinessBecomes(working, 503)
    assert.equal(body.checks.storage.status, 'failing')
    assert.equal(
      body.checks.storage.reason,
      'the object store did not take a probe object (ECONNREFUSED)'
    )
    assert.equal(body.checks.database.status, 'ok')
    assertNoSecrets(assert, text, working)
  })

  /*
   * A balancer that checks /readyz regularly learns of the stop from its next
   * check, and sends nothing more (bin/server.ts drains before stopping).
   */
  test('after SIGTERM: /readyz answers a balancer 503 draining, a request in flight completes', async ({
    assert,
  }) => {
    const body = JSON.stringify({ code: 'no-such-code' })
    const socket = connect(working.port, '127.0.0.1')
    let raw = ''
    socket.setEncoding('utf8').on('data', (chunk) => (raw += chunk))
    const closed = new Promise((resolve) => socket.once('close', resolve))
    await new Promise((resolve) => socket.once('connect', resolve))
    // A request whose body is still arriving when the process is told to stop.
    socket.write(
      'POST /api/auth/exchange HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nAccept: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`
    )

    const probes: { status: number; body: string }[] = []
    const balancer = (async () => {
      while (!probes.at(-1)?.body.includes('"draining"')) {
        const answer = await fetch(`${working.url}/readyz`).then(
          async (response) => ({ status: response.status, body: await response.text() }),
          () => null
        )
        if (!answer) return 'refused'
        probes.push(answer)
        await sleep(500)
      }
    })()
    await waitUntil('the balancer to have checked twice', () => probes.length >= 2)
    const checkedBefore = probes.length
    process.kill(working.pid, 'SIGTERM')
    assert.isUndefined(await balancer, 'the server stopped listening before a check told it')
    socket.write(body.slice(5))
    await closed

    assert.isBelow(answersOf(raw)[0].status, 500, raw)
    const told = probes.slice(checkedBefore)
    assert.isNotEmpty(told)
    assert.equal(told.at(-1)!.status, 503)
    assert.deepEqual(JSON.parse(told.at(-1)!.body), { status: 'draining', checks: {} })
  })
})
