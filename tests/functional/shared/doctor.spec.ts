import { rename, rm, writeFile, mkdir } from 'node:fs/promises'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { driveRoots } from '#config/drive'
import { jobsConfig } from '#config/jobs'
import { JobRuntime } from '#services/shared/jobs/job_runtime'
import { freePort } from '#services/shared/local_stack'
import { runCommand } from '#tests/helpers/ace_commands'
import { FakeSmtpServer, runDoctor } from '#tests/helpers/doctor'
import { runAce } from '#tests/helpers/job_processes'
import { withEnv } from '#tests/helpers/test_env'

/*
 * `node ace doctor` (issue 32) under sso, in this process against the test
 * database: a healthy deployment passes, and each broken setting fails its
 * own check with the line that fixes it and makes the exit code 1.
 */
test.group('doctor: a healthy deployment', (group) => {
  group.setup(() => ace.ui.switchMode('raw'))

  test('every check passes or has nothing to check; exit 0', async ({ assert }) => {
    // Failures other tests of this run left behind are not this deployment's
    // (pg-boss makes its schema when first started, if this is the first test).
    const jobs = await app.container.make(JobRuntime)
    await jobs.overview()
    await db.rawQuery(`delete from ${jobsConfig.schema}.job where state = 'failed'`)
    const { exitCode, results } = await runDoctor()
    const failures = results.filter((result) => result.status === 'failed')
    assert.deepEqual(failures, [])
    assert.equal(exitCode, 0)
    assert.includeMembers(
      [...new Set(results.map((result) => result.area))],
      ['configuration', 'database', 'jobs', 'storage', 'mail', 'sso']
    )
    for (const result of results) {
      assert.sameMembers(Object.keys(result), ['area', 'name', 'status', 'detail', 'fix'])
    }
    assert.equal(results.find((r) => r.name === 'Mail delivery')!.status, 'skipped')
    assert.match(results.find((r) => r.name === 'Mail delivery')!.detail, /^outbox mode/)

    const text = await runCommand('doctor')
    assert.equal(text.exitCode, 0)
    // Raw mode writes colours as their names: green(✓).
    const plain = text.output.replaceAll(/\b(?:bold|green|red|dim|yellow)\((.*?)\)/g, '$1')
    assert.match(plain, /^configuration$/m)
    assert.match(plain, /^ {2}✓ PostgreSQL reachable +PostgreSQL \d+/m)
    assert.match(plain, /^ {2}– S3 bucket reachable +sso keeps its files on the local disk$/m)
    assert.match(plain, /^\d+ checks: \d+ ok, 0 failed, \d+ skipped$/m)
  })
})

test.group('doctor: broken settings', (group) => {
  group.setup(() => ace.ui.switchMode('raw'))

  test('a short secret and an example value left in place', async ({ assert }) => {
    await withEnv({ APP_KEY: 'too-short', GITHUB_CLIENT_SECRET: 'change-me' }, async () => {
      const doctor = await runDoctor()
      assert.equal(doctor.exitCode, 1)
      const required = doctor.check('Required settings')
      assert.equal(required.status, 'failed')
      assert.include(required.detail, 'APP_KEY must be at least 32 characters long')
      assert.include(required.fix, 'set APP_KEY to a random secret of 32+ characters')
      const placeholders = doctor.check('No example values left')
      assert.equal(placeholders.status, 'failed')
      assert.include(placeholders.detail, 'GITHUB_CLIENT_SECRET')
    })
  })

  test('an http APP_URL in production, a port APP_URL does not listen on', async ({ assert }) => {
    await withEnv({ NODE_ENV: 'production', APP_URL: 'http://sso.example.com' }, async () => {
      const doctor = await runDoctor()
      assert.equal(doctor.exitCode, 1)
      assert.equal(doctor.check('APP_URL for NODE_ENV').status, 'failed')
      assert.include(doctor.check('APP_URL for NODE_ENV').fix, 'APP_URL=https://sso.example.com')
      // Outbox mail reaches nobody: in production that is a failure too.
      assert.equal(doctor.check('Mail delivery').status, 'failed')
    })
    const port = process.env.PORT
    await withEnv({ APP_URL: 'http://localhost:9999' }, async () => {
      const doctor = await runDoctor()
      assert.equal(doctor.exitCode, 1)
      const reach = doctor.check('APP_URL vs PORT, HOST and the proxy')
      assert.equal(reach.status, 'failed')
      assert.include(reach.detail, `names port 9999, but the app listens on ${port}`)
      assert.include(reach.fix, `APP_URL=http://localhost:${port}`)
    })
    await withEnv(
      { APP_URL: 'https://sso.example.com', HOST: '127.0.0.1', TRUSTED_PROXIES: '10.0.0.5' },
      async () => {
        const doctor = await runDoctor()
        const reach = doctor.check('APP_URL vs PORT, HOST and the proxy')
        assert.equal(reach.status, 'failed')
        assert.include(reach.fix, 'add loopback to TRUSTED_PROXIES')
      }
    )
  })

  test('a database that does not answer; the checks that read it wait for it', async ({
    assert,
  }) => {
    const closed = await freePort()
    const url = `postgres://postgres:postgres@127.0.0.1:${closed}/nowhere`
    await withEnv({ DATABASE_URL: url }, async () => {
      const doctor = await runDoctor()
      assert.equal(doctor.exitCode, 1)
      const database = doctor.check('PostgreSQL reachable')
      assert.equal(database.status, 'failed')
      assert.include(
        database.detail,
        `127.0.0.1:${closed}/nowhere did not let the app in (ECONNREFUSED)`
      )
      assert.include(database.fix, "correct DATABASE_URL's host and port")
      assert.notInclude(database.detail, 'postgres:postgres')
      assert.equal(doctor.check('Migrations current').status, 'skipped')
      assert.equal(doctor.check('Failed jobs').status, 'skipped')
    })
  })

  test('a migration that has not run', async ({ assert }) => {
    const newest = await db.from('adonis_schema').orderBy('id', 'desc').first()
    await db.from('adonis_schema').where('id', newest.id).delete()
    try {
      const doctor = await runDoctor()
      assert.equal(doctor.exitCode, 1)
      const migrations = doctor.check('Migrations current')
      assert.deepInclude(migrations, {
        status: 'failed',
        detail: '1 migration has not run',
        fix: 'node ace migration:run (APP_ID=sso)',
      })
    } finally {
      await db.table('adonis_schema').insert(newest)
    }
  })

  test('a failed job, counted with its error', async ({ assert }) => {
    const jobs = await app.container.make(JobRuntime)
    const queue = jobs.definitions[0].name
    const id = (await jobs.send(queue))!
    await db.rawQuery(
      `update ${jobsConfig.schema}.job
          set state = 'failed', output = '{"message":"the mail server said no"}', completed_on = now()
        where id = ?`,
      [id]
    )
    try {
      const doctor = await runDoctor()
      assert.equal(doctor.exitCode, 1)
      const failed = doctor.check('Failed jobs')
      assert.equal(failed.status, 'failed')
      assert.match(failed.detail, /^1 failed job \(/)
      assert.include(failed.detail, `${queue}: 1, last error "the mail server said no"`)
      assert.include(failed.fix, 'node ace jobs:retry <queue>')
      assert.equal(doctor.check('pg-boss schema works').status, 'ok')
    } finally {
      await db.rawQuery(`delete from ${jobsConfig.schema}.job where id = ?`, [id])
    }
  })

  test('a files folder the app cannot write to, too little free space', async ({ assert }) => {
    const root = driveRoots.public
    await mkdir(root, { recursive: true })
    await rename(root, `${root}.aside`)
    // A file where the folder should be: not writable even for root.
    await writeFile(root, '')
    try {
      const doctor = await runDoctor()
      assert.equal(doctor.exitCode, 1)
      const writable = doctor.check('Files folders writable')
      assert.equal(writable.status, 'failed')
      assert.include(writable.detail, `the files folder is not writable (`)
      assert.include(writable.detail, root)
      assert.include(writable.fix, 'DRIVE_FS_ROOT')
    } finally {
      await rm(root, { force: true })
      await rename(`${root}.aside`, root)
    }

    await withEnv({ READYZ_MIN_FREE_BYTES: String(2 ** 60) }, async () => {
      const doctor = await runDoctor()
      assert.equal(doctor.exitCode, 1)
      const space = doctor.check('Free space')
      assert.equal(space.status, 'failed')
      assert.include(space.detail, '(READYZ_MIN_FREE_BYTES)')
    })
  })

  test('SMTP: a server that does not answer, one that refuses the sender, one that takes it', async ({
    assert,
  }) => {
    const closed = await freePort()
    await withEnv({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(closed) }, async () => {
      const doctor = await runDoctor()
      assert.equal(doctor.exitCode, 1)
      assert.deepInclude(doctor.check('Mail delivery'), {
        status: 'failed',
        detail: `127.0.0.1:${closed} could not be reached (ECONNREFUSED)`,
      })
    })

    const smtp = await new FakeSmtpServer('example.com').start()
    try {
      const settings = { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) }
      await withEnv({ ...settings, MAIL_FROM_ADDRESS: 'team@elsewhere.test' }, async () => {
        const doctor = await runDoctor()
        assert.equal(doctor.exitCode, 1)
        const mail = doctor.check('Mail delivery')
        assert.equal(mail.status, 'failed')
        assert.include(mail.detail, 'refused the sender team@elsewhere.test (550 5.7.1')
        assert.include(mail.fix, 'MAIL_FROM_ADDRESS')
      })
      await withEnv({ ...settings, MAIL_FROM_ADDRESS: 'team@example.com' }, async () => {
        const doctor = await runDoctor()
        const mail = doctor.check('Mail delivery')
        assert.deepInclude(mail, {
          status: 'ok',
          detail: `127.0.0.1:${smtp.port} accepts mail from team@example.com`,
        })
      })
      assert.deepEqual(smtp.senders, ['team@elsewhere.test', 'team@example.com'])
    } finally {
      await smtp.stop()
    }
  })
})

test.group('doctor: settings the app refuses to start with', () => {
  test('node ace doctor reports them with their fixes instead of crashing', async ({ assert }) => {
    const { exitCode, output } = await runAce(['doctor'], {
      APP_ID: 'sso',
      APP_KEY: 'short',
      SESSION_SECRET: undefined,
    })
    assert.equal(exitCode, 1)
    assert.match(output, /✗ Required settings +APP_KEY must be at least 32 characters long/)
    assert.include(output, 'fix: set APP_KEY to a random secret of 32+ characters')
    assert.match(output, /✓ PostgreSQL reachable/)
    assert.notMatch(output, /\n\s+at /)
  })
})
