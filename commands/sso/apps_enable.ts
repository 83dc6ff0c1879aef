import { args } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoAppsEnable extends SsoCommand {
  static commandName = 'sso:apps:enable'
  static description = 'Enable a disabled connected app again'

  @args.string({ description: 'apiKey of the app' })
  declare apiKey: string

  async run() {
    await this.withApp(this.apiKey, async (app, tools) => {
      await tools.registry.setEnabled(app, true, tools.actor)
      this.logger.success(`Enabled "${app.name}" (${app.apiKey})`)
    })
  }
}
