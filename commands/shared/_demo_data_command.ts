import { flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

/**
 * A command that fills one app with its demo data. The demo goes into an
 * empty app only: with records there already it refuses (exit code 1)
 * unless `--force` adds it anyway or `--if-empty` (the launcher's way) lets
 * it change nothing without failing. `--json` ends with the summary, or the
 * reason it was skipped, as one line of JSON.
 */
export abstract class DemoDataCommand extends AppCommand {
  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Add the demo even though the app holds data' })
  declare force?: boolean

  @flags.boolean({
    description: 'When the app is not empty, say so and change nothing, without failing',
  })
  declare ifEmpty?: boolean

  @flags.boolean({
    description: 'End with the summary as one line of JSON (the launcher reads it)',
  })
  declare json?: boolean

  /**
   * Whether the demo may go in, given what the app holds (`why`: "transfer
   * already has 3 upload(s)…", or null when it is empty); says why not.
   */
  protected mayFill(why: string | null, forced: string) {
    if (why === null || this.force) {
      return true
    }
    if (this.ifEmpty) {
      this.logger.info(`Nothing added: ${why}`)
      this.printJson({ skipped: why })
    } else {
      this.logger.error(`${why}. Run again with --force to add ${forced}.`)
      this.exitCode = 1
    }
    return false
  }

  protected printJson(summary: object) {
    if (this.json) {
      this.logger.log(JSON.stringify(summary))
    }
  }
}
