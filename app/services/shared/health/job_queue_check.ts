import { inject } from '@adonisjs/core'
import { JobRuntime } from '#services/shared/jobs/job_runtime'
import { errorName, type HealthCheck } from '#services/shared/health/health_check'

/** pg-boss in the app's database answers and, where this process works jobs, its workers poll. */
@inject()
export class JobQueueCheck implements HealthCheck {
  readonly name = 'jobs'

  constructor(protected jobs: JobRuntime) {}

  async run() {
    try {
      return await this.jobs.problem()
    } catch (error) {
      return `the job queue did not answer (${errorName(error)})`
    }
  }
}
