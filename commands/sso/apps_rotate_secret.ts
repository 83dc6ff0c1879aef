import { args } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoAppsRotateSecret extends SsoCommand {
  static commandName = 'sso:apps:rotate-secret'
  static description =
    'Give a connected app a new secretKey, printed once; the old one stops working at once'

  @args.string({ description: 'apiKey of the app' })
  declare apiKey: string

  async run() {
    await this.withApp(this.apiKey, async (app, tools) => {
      const secretKey = await tools.registry.rotateSecret(app, tools.actor)
      this.logger.success(`New secretKey for "${app.name}"; the old one no longer works`)
      this.logger.log(`secretKey: ${secretKey}`)
      this.logger.warning(
        "The secretKey is shown only this once (sso keeps a hash): update the app's server configuration now"
      )
    })
  }
}
