import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import { DatabaseCheck } from '#services/shared/health/database_check'
import { errorName, type HealthCheck } from '#services/shared/health/health_check'
import { JobQueueCheck } from '#services/shared/health/job_queue_check'
import { MigrationsCheck } from '#services/shared/health/migrations_check'
import { StorageCheck } from '#services/shared/health/storage_check'

export type CheckReport = {
  status: 'ok' | 'failing'
  /** Why it fails, in words (absent when it passes). */
  reason?: string
  durationMs: number
} & Record<string, number | string>

export type Readiness = {
  /** `draining` once the process is stopping (SIGTERM): no checks are run then. */
  status: 'ok' | 'failing' | 'draining'
  checks: Record<string, CheckReport>
}

/** Longer than a load balancer's usual probe interval is useless: the check counts as failing. */
const CHECK_TIMEOUT_MS = 3000

/**
 * How long one result answers every caller. Load balancers poll every few
 * seconds, and anyone may call /readyz: however often it is called, the
 * checks (a query, a probe file written) run at most once per this.
 */
const RESULT_LIFETIME_MS = 2000

/*
 * One process, one readiness: the latest result and each check still
 * running, shared by every request.
 */
let latest: { at: number; result: Promise<Readiness> } | undefined
const running = new Map<string, Promise<CheckReport>>()

/**
 * Whether this process should receive requests (GET /readyz): its database
 * answers, its migrations have run, its storage is writable with room to
 * spare, its job queue works. Concurrent callers share one run of the
 * checks, and its result for RESULT_LIFETIME_MS.
 */
@inject()
export class ReadinessService {
  #checks: HealthCheck[]

  constructor(
    database: DatabaseCheck,
    migrations: MigrationsCheck,
    storage: StorageCheck,
    jobs: JobQueueCheck
  ) {
    this.#checks = [database, migrations, storage, jobs]
  }

  report(): Promise<Readiness> {
    if (app.isTerminating || app.isTerminated) {
      return Promise.resolve({ status: 'draining', checks: {} })
    }
    const now = performance.now()
    if (!latest || now - latest.at >= RESULT_LIFETIME_MS) {
      latest = { at: now, result: this.#runAll() }
    }
    return latest.result
  }

  async #runAll(): Promise<Readiness> {
    const reports = await Promise.all(this.#checks.map((check) => this.#runOnce(check)))
    const checks = Object.fromEntries(this.#checks.map((check, i) => [check.name, reports[i]]))
    const failing = reports.some((report) => report.status === 'failing')
    return { status: failing ? 'failing' : 'ok', checks }
  }

  /**
   * A check that hangs (a database that never answers) is reported after
   * CHECK_TIMEOUT_MS; until it settles, later runs report it as still
   * waiting instead of piling more queries behind it.
   */
  #runOnce(check: HealthCheck): Promise<CheckReport> {
    const started = performance.now()
    const elapsed = () => Math.round(performance.now() - started)
    const pending = running.get(check.name)
    if (pending) {
      return Promise.resolve({
        status: 'failing',
        reason: `still waiting for the previous check (over ${CHECK_TIMEOUT_MS / 1000} s)`,
        durationMs: 0,
      })
    }
    const run = this.#run(check, started).finally(() => running.delete(check.name))
    running.set(check.name, run)
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<CheckReport>((resolve) => {
      timer = setTimeout(
        () =>
          resolve({
            status: 'failing',
            reason: `no answer within ${CHECK_TIMEOUT_MS / 1000} s`,
            durationMs: elapsed(),
          }),
        CHECK_TIMEOUT_MS
      )
    })
    return Promise.race([run, timeout]).finally(() => clearTimeout(timer))
  }

  async #run(check: HealthCheck, started: number): Promise<CheckReport> {
    let problem: string | null
    let details: Record<string, number> = {}
    try {
      const outcome = await check.run()
      if (outcome !== null && typeof outcome === 'object') {
        problem = outcome.problem
        details = outcome.details
      } else {
        problem = outcome
      }
    } catch (error) {
      problem = `the check failed (${errorName(error)})`
    }
    const durationMs = Math.round(performance.now() - started)
    return problem === null
      ? { status: 'ok', durationMs, ...details }
      : { status: 'failing', reason: problem, durationMs, ...details }
  }
}
