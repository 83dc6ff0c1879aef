import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { jobsConfig } from '#config/jobs'
import { defineJob } from '#services/shared/jobs/job_definition'
import { JobRuntime } from '#services/shared/jobs/job_runtime'
import { runCommand } from '#tests/helpers/ace_commands'
import { waitUntil } from '#tests/helpers/wait_until'

/*
 * jobs:status and jobs:retry in this test process, on the app's own job
 * schema. A queue outside the app's registry stands in for a failed job: a
 * second runtime works it, as another process would.
 */
const FAILING = 'test.commands-probe'

test.group('jobs:status and jobs:retry', (group) => {
  let other: JobRuntime

  group.setup(async () => {
    ace.ui.switchMode('raw')
    other = new JobRuntime(
      [
        defineJob({
          name: FAILING,
          description: 'Fails every attempt',
          policy: 'standard',
          retry: { limit: 0, delaySeconds: 0, backoff: false },
          expireInSeconds: 30,
          pollSeconds: 0.5,
          handler: async () => {
            throw new Error('the printer is on fire')
          },
        }),
      ],
      {
        connectionString: env.get('DATABASE_URL'),
        schema: jobsConfig.schema,
        instanceName: 'jobs-commands-test',
        stopTimeoutSeconds: 5,
        logger,
      }
    )
    await other.startWorkers()
    return async () => {
      ace.ui.switchMode('normal')
      await other.stop()
    }
  })

  async function failedJob() {
    const id = (await other.send(FAILING))!
    await waitUntil('the job to fail', async () => {
      const { rows } = await db.rawQuery(
        `select state from ${jobsConfig.schema}.job where id = ?`,
        [id]
      )
      return rows[0].state === 'failed'
    })
    return id
  }

  test("lists the app's queues, and others with their failures", async ({ assert }) => {
    const id = await failedJob()
    const { exitCode, output } = await runCommand('jobs:status')
    assert.equal(exitCode, 0)
    const jobs = await app.container.make(JobRuntime)
    for (const definition of jobs.definitions) {
      assert.include(output, definition.name)
    }
    const row = output.split('\n').find((line) => line.includes(FAILING))!
    assert.include(row, `${FAILING} (not in this app's registry)`)
    assert.include(row, 'the printer is on fire')
    assert.include(output, 'Retry failed jobs with jobs:retry <job id | queue>')

    // --json: the same queues with stable keys, for scripts.
    const json = await runCommand('jobs:status', ['--json'])
    assert.equal(json.exitCode, 0)
    const queues = JSON.parse(json.output)
    assert.deepEqual(
      queues.map((queue: { name: string }) => queue.name).slice(0, jobs.definitions.length),
      jobs.definitions.map((definition) => definition.name)
    )
    const failing = queues.find((queue: { name: string }) => queue.name === FAILING)
    assert.containsSubset(failing, {
      description: null,
      failed: 1,
      lastError: { message: 'the printer is on fire' },
    })
    assert.deepEqual(Object.keys(failing).sort(), [
      'active',
      'description',
      'failed',
      'lastError',
      'name',
      'nextRun',
      'schedule',
      'waiting',
    ])
    assert.isString(failing.lastError.at)
    await db.rawQuery(`delete from ${jobsConfig.schema}.job where id = ?`, [id])
  })

  test('retries one failed job by its id, or all of a queue by its name', async ({ assert }) => {
    const id = await failedJob()
    const { exitCode, output } = await runCommand('jobs:retry', [id])
    assert.equal(exitCode, 0)
    assert.include(output, `Retried 1 failed job(s) of ${FAILING}`)
    await waitUntil('the retry to fail too', async () => {
      const { rows } = await db.rawQuery(
        `select state, retry_count from ${jobsConfig.schema}.job where id = ?`,
        [id]
      )
      return rows[0].state === 'failed' && rows[0].retry_count === 1
    })
    // By the queue's name: every failed job of it, this one again.
    const again = await runCommand('jobs:retry', [FAILING])
    assert.include(again.output, `Retried 1 failed job(s) of ${FAILING}`)
  })

  test('says so when there is nothing to retry, and refuses what does not exist', async ({
    assert,
  }) => {
    const empty = await runCommand('jobs:retry', ['shared.send-mail'])
    assert.equal(empty.exitCode, 0)
    assert.include(empty.output, 'Nothing to retry: no failed job in shared.send-mail')

    // Refusals: exit code 1 and one line that says why.
    const unknownQueue = await runCommand('jobs:retry', ['nowhere'])
    assert.equal(unknownQueue.exitCode, 1)
    assert.equal(unknownQueue.output, '[ red(error) ] No queue named nowhere (see jobs:status)')

    const unknownJob = randomUUID()
    const missing = await runCommand('jobs:retry', [unknownJob])
    assert.equal(missing.exitCode, 1)
    assert.equal(
      missing.output,
      `[ red(error) ] No job with the id ${unknownJob} (see jobs:status)`
    )
  })
})
