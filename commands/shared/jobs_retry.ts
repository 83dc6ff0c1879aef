import { args } from '@adonisjs/core/ace'
import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

export default class JobsRetry extends BaseCommand {
  static commandName = 'jobs:retry'
  static description =
    'Retry failed jobs of this app (APP_ID): one by its id, or every failed job of a queue'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'A failed job id, or a queue name (see jobs:status)' })
  declare target: string

  async run() {
    const { JobRuntime, UnknownQueueError } = await import('#services/shared/jobs/job_runtime')
    const jobs = await this.app.container.make(JobRuntime)
    try {
      const { queue, retried } = await jobs.retry(this.target)
      if (queue === null) {
        this.logger.error(`No job with the id ${this.target}`)
        this.exitCode = 1
      } else if (retried === 0) {
        this.logger.info(
          `Nothing to retry: no failed job ${this.target === queue ? 'in' : 'with that id in'} ${queue}`
        )
      } else {
        this.logger.success(`Retried ${retried} failed job(s) of ${queue}`)
      }
    } catch (error) {
      if (!(error instanceof UnknownQueueError)) {
        throw error
      }
      this.logger.error(`${error.message} (see jobs:status)`)
      this.exitCode = 1
    }
  }
}
