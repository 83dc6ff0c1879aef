import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * How a queue shares its jobs between instances (pg-boss queue policies):
 * - `standard`: any number waiting and running (mail: one job per message).
 * - `exclusive`: at most one job waiting or running across every instance;
 *   a second send while one exists is dropped. Housekeeping sweeps use it, so
 *   two instances starting together, or a cron tick during a long run, never
 *   run the sweep twice.
 * - `stately`: at most one waiting and one running: a send during a run
 *   queues exactly one more run, for sweeps that must see what arrived since.
 * - `singleton`: one running at a time, any number waiting.
 */
export type JobPolicy = 'standard' | 'exclusive' | 'stately' | 'singleton'

export interface RetryPolicy {
  /** Retries after the first attempt; 0 leaves a failure to the next scheduled run. */
  limit: number
  /** Seconds before the first retry. */
  delaySeconds: number
  /** Doubles the delay on each retry (with pg-boss's jitter of up to 2×). */
  backoff: boolean
  /** Longest delay between two attempts, with backoff. */
  maxDelaySeconds?: number
}

/** Sends jobs; a job can send follow-up jobs through it. */
export interface JobSender {
  send(name: string, data?: object | null, options?: SendJobOptions): Promise<string | null>
}

export interface SendJobOptions {
  /**
   * The caller's Lucid transaction: the job is created with it and vanishes
   * if it rolls back, so no job ever runs for work that was never committed.
   */
  client?: TransactionClientContract
  /** Not before this many seconds from now. */
  startAfterSeconds?: number
  /**
   * Jobs of one key share the queue's policy among themselves only: with
   * `stately`, one waiting and one running per key (a project's sync).
   */
  singletonKey?: string
}

export interface JobContext {
  jobId: string
  /** 0 on the first attempt. */
  retryCount: number
  /** True when a failure now is final (no retry left): the job is kept as failed. */
  isLastAttempt: boolean
  /** Aborted when the job expired or the process is stopping: long handlers stop there. */
  signal: AbortSignal
  jobs: JobSender
}

/**
 * One entry of an app's job registry. Every handler must be idempotent: a
 * job runs at least once, and again after a crash mid-run.
 */
export interface JobDefinition<Data extends object = object> {
  /** Queue name: `<app>.<what>`, or `shared.<what>` for work several apps run. */
  name: string
  /** What a run does, in a few words (printed by jobs:work and jobs:status). */
  description: string
  handler: (data: Data, context: JobContext) => Promise<unknown>
  policy: JobPolicy
  retry: RetryPolicy
  /** Handlers of this queue running at once in one process (default 1). */
  concurrency?: number
  /**
   * Jobs one handler call fetches and runs one after the other (default 1).
   * Above 1, a worker fetches again at once while batches come back full,
   * so a backlog drains without waiting for polls.
   */
  batchSize?: number
  /** A run still active after this long is failed (and retried, if it may be). */
  expireInSeconds: number
  /**
   * With heartbeats, a run whose process died is failed after this many
   * seconds of silence instead of at its expiry (at least 10).
   */
  heartbeatSeconds?: number
  /** Finished (completed or failed) jobs are kept this long (default 14 days). */
  keepFinishedSeconds?: number
  /** Cron expression in UTC (minute granularity): one run per tick across all instances. */
  schedule?: string
  /**
   * Also sent whenever a worker starts, this many seconds later, so a restart
   * never postpones the job by a whole period. Needs a policy that drops
   * duplicates (`exclusive` or `stately`), since every instance sends it.
   */
  runAtStartAfterSeconds?: number
  /** How often an idle worker looks for jobs (default 2 s). */
  pollSeconds?: number
  /** Wakes idle workers as soon as a job is sent (LISTEN/NOTIFY) instead of at their next poll. */
  wakeOnSend?: boolean
}

/** Keeps the handler's data type while building a registry of mixed jobs. */
export function defineJob<Data extends object>(definition: JobDefinition<Data>) {
  const dropsDuplicates = definition.policy === 'exclusive' || definition.policy === 'stately'
  if (definition.runAtStartAfterSeconds !== undefined && !dropsDuplicates) {
    throw new Error(
      `${definition.name} is sent by every instance that starts: give it the exclusive or stately policy`
    )
  }
  return definition as unknown as JobDefinition
}
