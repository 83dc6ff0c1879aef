import app from '@adonisjs/core/services/app'
import { errorName } from '#services/shared/health/health_check'
import { JobQueueCheck } from '#services/shared/health/job_queue_check'
import { JobRuntime } from '#services/shared/jobs/job_runtime'
import { failed, ok, type DoctorCheck } from '#services/shared/doctor/doctor_check'

function when(date: Date) {
  return date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC')
}

/**
 * pg-boss answers from its schema (GET /readyz's check) and takes a job and
 * hands it out again.
 */
export const jobQueueCheck: DoctorCheck = {
  area: 'jobs',
  name: 'pg-boss schema works',
  needsDatabase: true,
  async run() {
    const queueCheck = await app.container.make(JobQueueCheck)
    const problem = await queueCheck.run()
    const fix =
      'the database user needs the right to create the pgboss schema in its database; then node ace jobs:status'
    if (problem !== null) {
      return failed(problem, fix)
    }
    try {
      const jobs = await app.container.make(JobRuntime)
      await jobs.roundTrip()
    } catch (error) {
      return failed(`a job sent could not be fetched again (${errorName(error)})`, fix)
    }
    return ok('a job sent, fetched and completed')
  },
}

/** Failed jobs still stored (pg-boss keeps them 14 days), with the newest error of their queue. */
export const failedJobsCheck: DoctorCheck = {
  area: 'jobs',
  name: 'Failed jobs',
  needsDatabase: true,
  async run() {
    const jobs = await app.container.make(JobRuntime)
    const queues = await jobs.overview()
    const failing = queues.filter((queue) => queue.failed > 0)
    if (failing.length === 0) {
      return ok(`none in ${queues.length} queues`)
    }
    const total = failing.reduce((sum, queue) => sum + queue.failed, 0)
    const described = failing.map((queue) => {
      const error = queue.lastError
        ? `, last error "${queue.lastError.message}" at ${when(queue.lastError.at)}`
        : ''
      return `${queue.name}: ${queue.failed}${error}`
    })
    return failed(
      `${total} failed job${total === 1 ? '' : 's'} (${described.join('; ')})`,
      'read them with node ace jobs:status, fix the cause, then node ace jobs:retry <queue>'
    )
  },
}

export const jobChecks = [jobQueueCheck, failedJobsCheck]
