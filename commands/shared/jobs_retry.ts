import { args } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'
import type { AppId } from '#services/shared/app_profiles'

export default class JobsRetry extends AppCommand {
  static commandName = 'jobs:retry'
  static description =
    'Retry failed jobs of this app (APP_ID): one by its id, or every failed job of a queue'
  static options: CommandOptions = { startApp: true }

  /** Every app has job queues: the command belongs to whichever app runs it. */
  protected get appId() {
    return process.env.APP_ID as AppId
  }

  @args.string({ description: 'A failed job id, or a queue name (see jobs:status)' })
  declare target: string

  async run() {
    const { JobRuntime, UnknownQueueError } = await import('#services/shared/jobs/job_runtime')
    const jobs = await this.app.container.make(JobRuntime)
    try {
      const { queue, retried } = await jobs.retry(this.target)
      if (queue === null) {
        this.fail(`No job with the id ${this.target} (see jobs:status)`)
      } else if (retried === 0) {
        // Nothing failed is not a refusal: running it twice is harmless.
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
      this.fail(`${error.message} (see jobs:status)`)
    }
  }
}
