import { flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'
import type { AppId } from '#services/shared/app_profiles'
import type { QueueOverview } from '#services/shared/jobs/job_runtime'

function when(date: Date | null) {
  return date
    ? date
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC')
    : null
}

export default class JobsStatus extends AppCommand {
  static commandName = 'jobs:status'
  static description =
    "List this app's (APP_ID) job queues: waiting, running and failed jobs, the last error, the next run"
  static options: CommandOptions = { startApp: true }

  /** Every app has job queues: the command belongs to whichever app runs it. */
  protected get appId() {
    return process.env.APP_ID as AppId
  }

  @flags.boolean({
    description:
      'Print the queues as JSON: name, description, waiting, active, failed, lastError, nextRun, schedule',
  })
  declare json?: boolean

  async run() {
    const { JobRuntime } = await import('#services/shared/jobs/job_runtime')
    const jobs = await this.app.container.make(JobRuntime)
    const queues = await jobs.overview()

    this.printList<QueueOverview>(
      queues,
      [
        {
          title: 'Queue',
          value: (queue) =>
            queue.description ? queue.name : `${queue.name} (not in this app's registry)`,
        },
        { title: 'Waiting', value: (queue) => queue.waiting },
        { title: 'Active', value: (queue) => queue.active },
        { title: 'Failed', value: (queue) => queue.failed },
        { title: 'Next run', value: (queue) => when(queue.nextRun) },
        {
          title: 'Last error',
          value: (queue) =>
            queue.lastError && `${queue.lastError.message} (${when(queue.lastError.at)})`,
        },
      ],
      { json: this.json, empty: 'No job queues yet: they are created when the app first starts' }
    )
    if (!this.json && queues.some((queue) => queue.failed > 0)) {
      this.logger.info('Retry failed jobs with jobs:retry <job id | queue>')
    }
  }
}
