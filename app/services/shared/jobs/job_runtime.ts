import { randomUUID } from 'node:crypto'
import {
  PgBoss,
  fromKnex,
  type ConstructorOptions,
  type JobResult,
  type JobWithMetadata,
} from 'pg-boss'
import type { Logger } from '@adonisjs/core/logger'
import type { JobDefinition, JobSender, SendJobOptions } from '#services/shared/jobs/job_definition'

const FOURTEEN_DAYS = 14 * 24 * 60 * 60
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface JobRuntimeOptions {
  /** The app's own database (Lucid's connection string). */
  connectionString: string
  /** PostgreSQL schema of pg-boss's tables in that database. */
  schema: string
  /** Names this instance in pg-boss's instance registry and in pg_stat_activity. */
  instanceName: string
  /** How long stop() lets running handlers finish before failing them (they are retried). */
  stopTimeoutSeconds: number
  logger: Logger
  /** Further pg-boss options (tests shorten its supervision intervals). */
  boss?: Partial<ConstructorOptions>
}

export interface QueueOverview {
  name: string
  /** The registry's description; null for a queue this app no longer defines. */
  description: string | null
  /** Created or waiting for a retry, due or not. */
  waiting: number
  active: number
  failed: number
  /** The error of the newest failure still stored (a failed job, or one waiting for its retry). */
  lastError: { message: string; at: Date } | null
  /** The earliest of the next cron tick and the earliest waiting job. */
  nextRun: Date | null
  schedule: string | null
}

export class UnknownQueueError extends Error {
  constructor(name: string) {
    super(`No queue named ${name}`)
  }
}

/**
 * The job system of one app: pg-boss in the app's own database, with the
 * app's registry of jobs. A process either only sends jobs (commands, and web
 * processes when JOBS_IN_WEB=false) or also works them (`startWorkers`: web
 * processes by default, and `node ace jobs:work`). Working instances also
 * supervise the queues (expiring runs whose process died) and fire the cron
 * schedules; pg-boss coordinates them through the database, so any number of
 * instances may run side by side.
 */
export class JobRuntime implements JobSender {
  #boss?: Promise<PgBoss>
  #works = false
  #stopped = false

  constructor(
    readonly definitions: JobDefinition[],
    protected options: JobRuntimeOptions
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(options.schema)) {
      throw new Error(
        `The job schema must be a plain PostgreSQL identifier (got ${options.schema})`
      )
    }
  }

  async send(name: string, data: object | null = null, options: SendJobOptions = {}) {
    this.#assertDefined(name)
    const boss = await this.#started()
    return boss.send(name, data, {
      startAfter: options.startAfterSeconds,
      ...(options.singletonKey === undefined ? {} : { singletonKey: options.singletonKey }),
      db: options.client ? fromKnex(options.client.knexClient as never) : undefined,
    })
  }

  /**
   * Many jobs of one queue in one statement (pg-boss's insert), for work
   * fanned out to hundreds of jobs at once (a message's recipients): the
   * queue's retry and expiry settings apply as for `send`. Inside the
   * caller's transaction when `client` is given.
   */
  async sendMany(name: string, data: object[], options: Pick<SendJobOptions, 'client'> = {}) {
    this.#assertDefined(name)
    if (!data.length) {
      return
    }
    const boss = await this.#started()
    await boss.insert(
      name,
      data.map((one) => ({ data: one })),
      { db: options.client ? fromKnex(options.client.knexClient as never) : undefined }
    )
  }

  /**
   * Works every queue of the registry in this process, keeps the cron
   * schedules in step with it, and sends the jobs that run at start.
   */
  async startWorkers() {
    if (this.#works) {
      return
    }
    this.#works = true
    // Started to send only (something was sent first): restart it as a worker.
    const sender = this.#boss
    this.#boss = undefined
    const sending = await sender?.catch(() => undefined)
    await sending?.stop({ graceful: false })
    const boss = await this.#started()
    await this.#syncSchedules(boss)
    for (const definition of this.definitions) {
      const batchSize = definition.batchSize ?? 1
      const options = {
        localConcurrency: definition.concurrency ?? 1,
        pollingIntervalSeconds: definition.pollSeconds ?? 2,
        batchSize,
        // A full batch means more are waiting: fetch again at once rather than after a poll.
        burstWhenBatchFull: batchSize > 1,
        includeMetadata: true as const,
        perJobResults: true as const,
      }
      await boss.work<object, unknown, typeof options>(definition.name, options, (batch) =>
        this.#run(definition, batch)
      )
    }
    for (const definition of this.definitions) {
      if (definition.runAtStartAfterSeconds !== undefined) {
        await boss.send(definition.name, null, { startAfter: definition.runAtStartAfterSeconds })
      }
    }
  }

  /**
   * Stops polling, lets running handlers finish (up to stopTimeoutSeconds;
   * the rest are failed and so retried later, by this or another instance),
   * and closes pg-boss's connections.
   */
  async stop() {
    this.#stopped = true
    const starting = this.#boss
    this.#boss = undefined
    const boss = await starting?.catch(() => undefined)
    await boss?.stop({ graceful: true, timeout: this.options.stopTimeoutSeconds * 1000 })
  }

  /**
   * Whether the job system can take work (GET /readyz): pg-boss starts (it is
   * started lazily in a process that only sends) and answers from its schema,
   * and, where this process works the jobs, every queue of the registry has a
   * worker that polls. Null when all is well, otherwise why not, in words.
   */
  async problem(): Promise<string | null> {
    const boss = await this.#started()
    if ((await boss.schemaVersion()) === null) {
      return 'the job queue tables are missing'
    }
    if (!this.#works) {
      return null
    }
    const workers = boss.getWipData()
    // A worker's loop outlives a failed fetch and tries again at its next
    // poll, so an active worker is a polling one: the age of its last fetch
    // says nothing (queues woken by NOTIFY fetch every 30 s, a long job
    // does not fetch meanwhile), and a database that fails is the check
    // above and the database check's.
    const stalled = this.definitions.filter(
      (definition) =>
        !workers.some((worker) => worker.name === definition.name && worker.state === 'active')
    )
    if (stalled.length > 0) {
      return `the workers of ${stalled.length} of ${this.definitions.length} queues are not polling`
    }
    return null
  }

  /**
   * Sends a job to a queue of its own, fetches it and completes it, then
   * removes the queue (`node ace doctor`): proof that pg-boss's schema takes
   * and hands out work, without touching the app's queues. The queue's name
   * is unique per call, so doctors run side by side never meet.
   */
  async roundTrip(): Promise<void> {
    const boss = await this.#started()
    const queue = `doctor-probe-${randomUUID()}`
    await boss.createQueue(queue)
    try {
      const sent = await boss.send(queue, { probe: true })
      const [fetched] = await boss.fetch(queue)
      if (!sent || fetched?.id !== sent) {
        throw new Error('the job sent was not handed out')
      }
      await boss.complete(queue, fetched.id)
    } finally {
      await boss.deleteQueue(queue)
    }
  }

  /** Every queue of this app's database: the registry's first, in its order. */
  async overview(): Promise<QueueOverview[]> {
    const boss = await this.#started()
    const db = boss.getDb()
    const schema = this.options.schema
    const counts = await db.executeSql(
      `select q.name,
              count(j.id) filter (where j.state in ('created', 'retry'))::int as waiting,
              count(j.id) filter (where j.state = 'active')::int as active,
              count(j.id) filter (where j.state = 'failed')::int as failed,
              min(j.start_after) filter (where j.state in ('created', 'retry')) as next_waiting
         from ${schema}.queue q
         left join ${schema}.job j on j.name = q.name
        group by q.name`
    )
    const errors = await db.executeSql(
      `select distinct on (name) name, output->>'message' as message,
              coalesce(completed_on, started_on) as at
         from ${schema}.job
        where state in ('failed', 'retry') and output ? 'message'
        order by name, coalesce(completed_on, started_on) desc nulls last`
    )
    const lastErrors = new Map<string, { message: string; at: Date }>(
      errors.rows.map((row) => [row.name, { message: row.message, at: new Date(row.at) }])
    )
    const scheduled = await boss.getSchedules()
    const schedules = new Map(scheduled.map((entry) => [entry.name, entry]))
    const known = new Map(this.definitions.map((definition, index) => [definition.name, index]))
    const order = (name: string) => known.get(name) ?? known.size

    return counts.rows
      .sort((a, b) => order(a.name) - order(b.name) || a.name.localeCompare(b.name))
      .map((row) => {
        const schedule = schedules.get(row.name)
        const tick = schedule
          ? boss.previewSchedule(schedule.cron, { tz: schedule.timezone, count: 1 })[0]
          : undefined
        const candidates = [tick, row.next_waiting ? new Date(row.next_waiting) : undefined]
          .filter((date): date is Date => date !== undefined)
          .sort((a, b) => a.getTime() - b.getTime())
        return {
          name: row.name,
          description: this.definitions.find((d) => d.name === row.name)?.description ?? null,
          waiting: row.waiting,
          active: row.active,
          failed: row.failed,
          lastError: lastErrors.get(row.name) ?? null,
          nextRun: candidates[0] ?? null,
          schedule: schedule?.cron ?? null,
        }
      })
  }

  /**
   * Retries failed jobs: one by its id, or every failed job of a queue.
   * Each gets one more attempt, with the queue's handler and policy.
   */
  async retry(target: string): Promise<{ queue: string | null; retried: number }> {
    const boss = await this.#started()
    const db = boss.getDb()
    const schema = this.options.schema
    if (JOB_ID.test(target)) {
      const found = await db.executeSql(`select name from ${schema}.job where id = $1`, [target])
      const queue: string | undefined = found.rows[0]?.name
      if (!queue) {
        return { queue: null, retried: 0 }
      }
      return { queue, retried: affected(await boss.retry(queue, target)) }
    }
    if (!(await boss.getQueue(target))) {
      throw new UnknownQueueError(target)
    }
    const failed = await db.executeSql(
      `select id from ${schema}.job where name = $1 and state = 'failed'`,
      [target]
    )
    const ids: string[] = failed.rows.map((row) => row.id)
    if (ids.length === 0) {
      return { queue: target, retried: 0 }
    }
    return { queue: target, retried: affected(await boss.retry(target, ids)) }
  }

  #assertDefined(name: string) {
    if (!this.definitions.some((definition) => definition.name === name)) {
      throw new UnknownQueueError(name)
    }
  }

  #started() {
    if (this.#stopped) {
      return Promise.reject(new Error('The job runtime has stopped'))
    }
    this.#boss ??= this.#start().catch((error) => {
      this.#boss = undefined
      throw error
    })
    return this.#boss
  }

  async #start() {
    const works = this.#works
    const boss = new PgBoss({
      connectionString: this.options.connectionString,
      schema: this.options.schema,
      application_name: this.options.instanceName,
      // Beside Lucid's own pool: a sender needs one connection, a worker a few.
      max: works ? 4 : 2,
      migrate: true,
      supervise: works,
      schedule: works,
      registerInstance: works,
      instanceName: this.options.instanceName,
      // Wakes workers of `wakeOnSend` queues at once; polling stays as the floor.
      useListenNotify: works,
      ...this.options.boss,
    })
    boss.on('error', (error) => this.options.logger.error({ err: error }, 'the job system failed'))
    boss.on('warning', (warning) =>
      this.options.logger.warn({ data: warning.data }, `job system: ${warning.message}`)
    )
    await boss.start()
    try {
      await this.#ensureQueues(boss, works)
    } catch (error) {
      await boss.stop({ graceful: false })
      throw error
    }
    return boss
  }

  /**
   * Creates the registry's queues; a worker also brings existing queues'
   * retry, expiry and retention in line with the registry. A policy cannot
   * change in place: that needs the queue deleted once it is empty.
   */
  async #ensureQueues(boss: PgBoss, update: boolean) {
    const queues = await boss.getQueues(this.definitions.map((definition) => definition.name))
    const existing = new Map(queues.map((queue) => [queue.name, queue]))
    for (const definition of this.definitions) {
      const options = {
        retryLimit: definition.retry.limit,
        retryDelay: definition.retry.delaySeconds,
        retryBackoff: definition.retry.backoff,
        expireInSeconds: definition.expireInSeconds,
        deleteAfterSeconds: definition.keepFinishedSeconds ?? FOURTEEN_DAYS,
        notify: definition.wakeOnSend ?? false,
      }
      // pg-boss refuses these keys present but undefined; null clears them on an update.
      const retryDelayMax = definition.retry.maxDelaySeconds
      const heartbeatSeconds = definition.heartbeatSeconds
      const queue = existing.get(definition.name)
      if (!queue) {
        await boss.createQueue(definition.name, {
          policy: definition.policy,
          ...options,
          ...(retryDelayMax === undefined ? {} : { retryDelayMax }),
          ...(heartbeatSeconds === undefined ? {} : { heartbeatSeconds }),
        })
      } else if (update) {
        if (queue.policy !== definition.policy) {
          this.options.logger.warn(
            `The queue ${definition.name} keeps its policy ${queue.policy}; the registry says ${definition.policy}`
          )
        }
        await boss.updateQueue(definition.name, {
          ...options,
          retryDelayMax: retryDelayMax ?? null,
          heartbeatSeconds: heartbeatSeconds ?? null,
        })
      }
    }
  }

  /** The registry is the truth: schedules it no longer names are removed. */
  async #syncSchedules(boss: PgBoss) {
    const wanted = new Map(
      this.definitions
        .filter((definition) => definition.schedule)
        .map((definition) => [definition.name, definition.schedule!])
    )
    for (const existing of await boss.getSchedules()) {
      if (!wanted.has(existing.name) || existing.key !== '') {
        await boss.unschedule(existing.name, existing.key)
      }
    }
    for (const [name, cron] of wanted) {
      await boss.schedule(name, cron, null, { tz: 'UTC' })
    }
  }

  /**
   * Runs a batch one job after the other and settles each job on its own: a
   * failure retries (or fails) that job only. Jobs left when the batch is
   * aborted (the process stops) are failed by pg-boss and so retried.
   */
  async #run(definition: JobDefinition, batch: JobWithMetadata<object>[]) {
    const results: JobResult[] = []
    for (const job of batch) {
      if (job.signal.aborted) {
        break
      }
      try {
        const output = await definition.handler(job.data ?? {}, {
          jobId: job.id,
          retryCount: job.retryCount,
          isLastAttempt: job.retryCount >= job.retryLimit,
          signal: job.signal,
          jobs: this,
        })
        results.push({ id: job.id, status: 'completed', output })
      } catch (error) {
        this.options.logger.error(
          { err: error, jobId: job.id, attempt: job.retryCount + 1 },
          `the job ${definition.name} failed`
        )
        results.push({ id: job.id, status: 'failed', output: error })
      }
    }
    return results
  }
}

/** pg-boss answers its commands with the number of jobs they changed. */
function affected(response: object) {
  return (response as { affected?: number }).affected ?? 0
}
