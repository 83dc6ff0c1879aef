import type { ApplicationService } from '@adonisjs/core/types'
import { JobRuntime } from '#services/shared/jobs/job_runtime'

/** Each process loads only its own app's job registry. */
const registries = {
  sso: () => import('#jobs/sso/registry'),
  transfer: () => import('#jobs/transfer/registry'),
  schedule: () => import('#jobs/schedule/registry'),
}

/**
 * The app's job runtime (pg-boss in its own database), one per process.
 * Web processes work the jobs once the HTTP server listens, unless
 * JOBS_IN_WEB=false; `node ace jobs:work` works them without HTTP; every
 * other process (commands, tests) only sends jobs, and only connects when it
 * first does.
 */
export default class JobsProvider {
  #runtime?: JobRuntime

  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(JobRuntime, async () => {
      const { default: env } = await import('#start/env')
      const { jobsConfig } = await import('#config/jobs')
      const logger = await this.app.container.make('logger')
      const appId = env.get('APP_ID')
      const { jobs: registry } = await registries[appId]()
      const jobs = [...registry]
      // Test only: the job-system tests' countable jobs (kept with the tests),
      // in the workers they start.
      const probeDirectory = process.env.JOBS_PROBE_DIR
      if (this.app.inTest && probeDirectory) {
        const { probeJobs } = await import('#tests/helpers/probe_jobs')
        jobs.push(...probeJobs(probeDirectory))
      }
      const runtime = new JobRuntime(jobs, {
        connectionString: jobsConfig.connectionString,
        schema: jobsConfig.schema,
        instanceName: `${appId}-${this.app.getEnvironment()}`,
        stopTimeoutSeconds: jobsConfig.stopTimeoutSeconds,
        logger,
      })
      this.#runtime = runtime
      return runtime
    })
  }

  /*
   * A terminating hook rather than shutdown(): hooks run before the providers
   * shut down (Lucid closes its pool there), in reverse order of
   * registration. Registered at boot, it runs after the HTTP server has
   * finished its requests (which may still queue mail) and before a lone
   * process's embedded PostgreSQL stops: running handlers finish on a live
   * database.
   */
  boot() {
    this.app.terminating(() => this.#runtime?.stop())
  }

  #stopping() {
    return this.app.isTerminating || this.app.isTerminated
  }

  async ready() {
    if (this.app.getEnvironment() !== 'web') {
      return
    }
    const { jobsConfig } = await import('#config/jobs')
    if (!jobsConfig.workInWeb) {
      return
    }
    const runtime = await this.app.container.make(JobRuntime)
    /*
     * A SIGTERM right after the server began listening may have run the
     * terminating hook before the runtime existed: workers started now would
     * hold pg-boss's connections open and the process would never exit.
     */
    if (this.#stopping()) {
      return
    }
    try {
      await runtime.startWorkers()
    } catch (error) {
      if (this.#stopping()) {
        return
      }
      // Listening without its workers, the app would silently stop doing its
      // background work: stop, so the process manager restarts it.
      const logger = await this.app.container.make('logger')
      logger.fatal({ err: error }, 'the job workers could not start; stopping')
      process.exitCode = 1
      await this.app.terminate()
    }
  }
}
