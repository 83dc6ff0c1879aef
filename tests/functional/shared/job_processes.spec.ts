import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import logger from '@adonisjs/core/services/logger'
import pg from 'pg'
import { PgBoss } from 'pg-boss'
import { jobsConfig } from '#config/jobs'
import { JobRuntime } from '#services/shared/jobs/job_runtime'
import { recreateDatabase, withDatabase } from '#services/shared/embedded_database'
import { JobWorkerProcess, runAce } from '#tests/helpers/job_processes'
import { probeJobs } from '#tests/helpers/probe_jobs'
import { waitUntil } from '#tests/helpers/wait_until'

/*
 * The job system across real processes: `node ace jobs:work` workers (with
 * the test-only probe jobs of tests/helpers/probe_jobs.ts) on a database
 * of their own per test, killed or stopped as an operator or a crash would.
 * The probes write what they do to files, and hold each run until the test
 * creates `release`.
 */
const SCHEMA = jobsConfig.schema

class Scene {
  databaseUrl = ''
  directory = ''
  database!: pg.Client
  workers: JobWorkerProcess[] = []
  #runtimes: { stop(): Promise<unknown> }[] = []

  async prepare(name: string) {
    const server = process.env.TEST_DATABASE_SERVER_URL!
    await recreateDatabase(server, `jobs_${name}`)
    this.databaseUrl = withDatabase(server, `jobs_${name}`)
    this.directory = await mkdtemp(join(tmpdir(), `jobs-${name}-`))
    this.database = new pg.Client({ connectionString: this.databaseUrl })
    await this.database.connect()
    return this
  }

  get env() {
    return { NODE_ENV: 'test', DATABASE_URL: this.databaseUrl, JOBS_PROBE_DIR: this.directory }
  }

  worker() {
    const worker = new JobWorkerProcess(this.env)
    this.workers.push(worker)
    return worker
  }

  /** This test process as another app process that only sends jobs. */
  sender() {
    const runtime = new JobRuntime(probeJobs(this.directory), {
      connectionString: this.databaseUrl,
      schema: SCHEMA,
      instanceName: 'job-test-sender',
      stopTimeoutSeconds: 5,
      logger,
    })
    this.#runtimes.push(runtime)
    return runtime
  }

  /**
   * Another live instance, which does the queue supervision every working
   * instance does (here every second rather than every minute): it notices
   * runs whose process died and hands them back for a retry.
   */
  async supervisor() {
    const boss = new PgBoss({
      connectionString: this.databaseUrl,
      schema: SCHEMA,
      superviseIntervalSeconds: 1,
      monitorIntervalSeconds: 1,
      schedule: false,
    })
    boss.on('error', (error) => logger.error({ err: error }, 'the test supervisor failed'))
    await boss.start()
    this.#runtimes.push(boss)
    return boss
  }

  async lines(file: string) {
    const text = await readFile(join(this.directory, file), 'utf8').catch(() => '')
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(' '))
  }

  release() {
    return writeFile(join(this.directory, 'release'), '')
  }

  async job(id: string) {
    const result = await this.database.query(
      `select state, retry_count, retry_limit, retry_delay, retry_backoff, output
         from ${SCHEMA}.job where id = $1`,
      [id]
    )
    return result.rows[0]
  }

  async jobsOf(queue: string) {
    const result = await this.database.query(
      `select id, state from ${SCHEMA}.job where name = $1 order by created_on`,
      [queue]
    )
    return result.rows as { id: string; state: string }[]
  }

  async cleanup() {
    await Promise.all(this.workers.map((worker) => worker.kill()))
    await Promise.all(this.#runtimes.map((runtime) => runtime.stop()))
    await this.database?.end()
    await rm(this.directory, { recursive: true, force: true })
  }
}

test.group('job system: real processes', (group) => {
  let scene: Scene
  group.each.teardown(() => scene.cleanup())

  test('a job whose worker is killed mid-run is retried by another worker, and its effect happens once', async ({
    assert,
  }) => {
    scene = await new Scene().prepare('crash')
    await scene.supervisor()
    const jobId = (await scene.sender().send('test.crash-probe'))!

    const first = await scene.worker().start()
    await waitUntil('the first attempt to start', async () => {
      const attempts = await scene.lines('attempts.log')
      return attempts.length > 0
    })
    assert.deepInclude((await first.kill())!, { signal: 'SIGKILL' })

    const second = await scene.worker().start()
    await scene.release()
    await waitUntil(
      'the job to complete',
      async () => {
        const job = await scene.job(jobId)
        return job.state === 'completed'
      },
      60_000
    )

    assert.deepEqual(await scene.lines('attempts.log'), [
      [jobId, '0', String(first.pid)],
      [jobId, '1', String(second.pid)],
    ])
    assert.deepEqual(await scene.lines('effects.log'), [[jobId, String(second.pid)]])
    assert.deepInclude(await scene.job(jobId), { state: 'completed', retry_count: 1 })
    assert.deepEqual(await second.stop(), { code: 0, signal: null })
  }).timeout(180_000)

  test('a singleton job that two workers start runs once', async ({ assert }) => {
    scene = await new Scene().prepare('singleton')
    // Both send it as they start; both have by the time they say they are waiting.
    const workers = await Promise.all([scene.worker().start(), scene.worker().start()])
    await waitUntil('the run to start', async () => {
      const runs = await scene.lines('singleton-runs.log')
      return runs.length > 0
    })
    await scene.release()
    await waitUntil('the run to complete', async () => {
      const jobs = await scene.jobsOf('test.singleton-probe')
      return jobs.every((job) => job.state === 'completed')
    })

    const jobs = await scene.jobsOf('test.singleton-probe')
    assert.lengthOf(jobs, 1)
    const runs = await scene.lines('singleton-runs.log')
    assert.deepEqual(
      runs.map(([id]) => id),
      [jobs[0].id]
    )
    // SIGTERM stops both cleanly and promptly.
    const exits = await Promise.all(workers.map((worker) => worker.stop()))
    assert.deepEqual(exits, [
      { code: 0, signal: null },
      { code: 0, signal: null },
    ])
  }).timeout(180_000)

  test('SIGTERM lets a running job finish before the worker exits', async ({ assert }) => {
    scene = await new Scene().prepare('graceful')
    const worker = await scene.worker().start()
    const jobId = (await scene.sender().send('test.crash-probe'))!
    await waitUntil('the job to start', async () => {
      const attempts = await scene.lines('attempts.log')
      return attempts.length > 0
    })

    const stopped = worker.stop()
    await scene.release()
    assert.deepEqual(await stopped, { code: 0, signal: null })
    assert.deepInclude(await scene.job(jobId), { state: 'completed', retry_count: 0 })
    assert.deepEqual(await scene.lines('effects.log'), [[jobId, String(worker.pid)]])
  }).timeout(180_000)

  test('a failing job is retried with backoff, then kept as failed with its error, and jobs:retry runs it again', async ({
    assert,
  }) => {
    scene = await new Scene().prepare('failing')
    await scene.worker().start()
    const jobId = (await scene.sender().send('test.failing-probe'))!

    const failed = await waitUntil(
      'the job to fail for good',
      async () => {
        const job = await scene.job(jobId)
        return job.state === 'failed' && job
      },
      60_000
    )
    assert.deepInclude(failed, {
      retry_count: 2,
      retry_limit: 2,
      retry_delay: 1,
      retry_backoff: true,
    })
    assert.equal(failed.output.message, 'probe failure on attempt 3')

    const attempts = await scene.lines('failures.log')
    assert.deepEqual(
      attempts.map(([id, retryCount]) => [id, retryCount]),
      [
        [jobId, '0'],
        [jobId, '1'],
        [jobId, '2'],
      ]
    )
    // Backoff from a 1-second delay: 1 to 2 s before the first retry, 2 to 4 s before the second.
    const [first, second, third] = attempts.map(([, , at]) => Number(at))
    assert.isAtLeast(second - first, 1000)
    assert.isAtLeast(third - second, 2000)

    const status = await runAce(['jobs:status'], scene.env)
    assert.equal(status.exitCode, 0, status.output)
    const row = status.output.split('\n').find((line) => line.includes('test.failing-probe'))
    const cells = row!.split('│').map((cell) => cell.trim())
    assert.deepEqual(cells.slice(1, 5), ['test.failing-probe', '0', '0', '1'])
    assert.include(cells[6], 'probe failure on attempt 3')

    const retry = await runAce(['jobs:retry', 'test.failing-probe'], scene.env)
    assert.equal(retry.exitCode, 0, retry.output)
    assert.include(retry.output, 'Retried 1 failed job(s) of test.failing-probe')
    const again = await waitUntil('the retried job to fail again', async () => {
      const job = await scene.job(jobId)
      return job.state === 'failed' && job.retry_count === 3 && job
    })
    assert.equal(again.output.message, 'probe failure on attempt 4')
    assert.lengthOf(await scene.lines('failures.log'), 4)
  }).timeout(180_000)
})
