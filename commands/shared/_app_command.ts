import { BaseCommand } from '@adonisjs/core/ace'
import type { AppId } from '#services/shared/app_profiles'

/**
 * A command that belongs to one app. It refuses to run under another APP_ID,
 * because it would reach the wrong database. The refusal is made here, before
 * `run`, so no command can forget to check it.
 */
export abstract class AppCommand extends BaseCommand {
  protected abstract appId: AppId

  async exec() {
    if (process.env.APP_ID !== this.appId) {
      this.logger.error(
        `${this.commandName} belongs to ${this.appId}: run it with APP_ID=${this.appId}`
      )
      this.exitCode = 1
      this.error = new Error('wrong APP_ID')
      return
    }
    return super.exec()
  }
}
