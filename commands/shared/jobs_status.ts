import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

function when(date: Date | null) {
  return date
    ? date
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC')
    : '–'
}

export default class JobsStatus extends BaseCommand {
  static commandName = 'jobs:status'
  static description =
    "List this app's (APP_ID) job queues: waiting, running and failed jobs, the last error, the next run"
  static options: CommandOptions = { startApp: true }

  async run() {
    const { JobRuntime } = await import('#services/shared/jobs/job_runtime')
    const jobs = await this.app.container.make(JobRuntime)
    const queues = await jobs.overview()

    const table = this.ui.table()
    table.head(['Queue', 'Waiting', 'Active', 'Failed', 'Next run', 'Last error'])
    for (const queue of queues) {
      table.row([
        queue.description ? queue.name : `${queue.name} (not in this app's registry)`,
        String(queue.waiting),
        String(queue.active),
        String(queue.failed),
        when(queue.nextRun),
        queue.lastError ? `${queue.lastError.message} (${when(queue.lastError.at)})` : '–',
      ])
    }
    table.render()
    if (queues.some((queue) => queue.failed > 0)) {
      this.logger.info('Retry failed jobs with jobs:retry <job id | queue>')
    }
  }
}
