import { args, flags } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoAppsRotateSecret extends SsoCommand {
  static commandName = 'sso:apps:rotate-secret'
  static description =
    'Give a connected app a new secretKey, printed once; the old one stops working at once (asks first unless --force)'

  @args.string({ description: 'apiKey of the app' })
  declare apiKey: string

  @flags.boolean({ description: 'Do not ask for confirmation' })
  declare force?: boolean

  /*
   * Destructive: the old secretKey stops working at once and cannot be
   * brought back, so the app's server calls to sso fail until its
   * configuration has the new key.
   */
  async run() {
    await this.withApp(this.apiKey, async (app, tools) => {
      const confirmed = await this.confirmDestructive(
        `Rotate the secretKey of "${app.name}"? The current one stops working at once, until the app is given the new one`,
        this.force
      )
      if (!confirmed) {
        return
      }
      const secretKey = await tools.registry.rotateSecret(app, tools.actor)
      this.logger.success(`New secretKey for "${app.name}"; the old one no longer works`)
      this.logger.log(`secretKey: ${secretKey}`)
      this.logger.warning(
        "The secretKey is shown only this once (sso keeps a hash): update the app's server configuration now"
      )
    })
  }
}
