import { args } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoAppsDisable extends SsoCommand {
  static commandName = 'sso:apps:disable'
  static description =
    'Disable a connected app: sign-in through it and validation of its tokens are refused'

  @args.string({ description: 'apiKey of the app' })
  declare apiKey: string

  async run() {
    await this.guarded(async (tools) => {
      const app = await this.findApp(tools, this.apiKey)
      if (!app) {
        return
      }
      await tools.registry.setEnabled(app, false, tools.actor)
      this.logger.success(
        ` sign-in and token validation for it stop:Disabled "${app.name}" (${app.apiKey})`
      )
    })
  }
}
