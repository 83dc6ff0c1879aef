import { args } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoAppsDisable extends SsoCommand {
  static commandName = 'sso:apps:disable'
  static description =
    'Disable a connected app: sign-in through it and validation of its tokens are refused'

  @args.string({ description: 'apiKey of the app' })
  declare apiKey: string

  async run() {
    await this.withApp(this.apiKey, async (app, tools) => {
      await tools.registry.setEnabled(app, false, tools.actor)
      this.logger.success(
        `Disabled "${app.name}" (${app.apiKey}): sign-in and token validation for it stop`
      )
    })
  }
}
