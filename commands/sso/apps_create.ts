import { args, flags } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoAppsCreate extends SsoCommand {
  static commandName = 'sso:apps:create'
  static description = 'Register a connected app; prints its apiKey and, once, its secretKey'

  @args.string({ description: 'Name of the app' })
  declare name: string

  @flags.array({
    flagName: 'redirect-uri',
    description: 'An exact callback URL of the app (repeatable; at least one)',
  })
  declare redirectUris?: string[]

  async run() {
    await this.guarded(async (tools) => {
      if (!this.redirectUris?.length) {
        return this.wrongUsage(
          'Give at least one --redirect-uri: the exact callback URL of the app'
        )
      }
      const { newAppValidator } = await import('#validators/sso/admin_validators')
      const input = await newAppValidator.validate({
        name: this.name,
        redirectUris: this.redirectUris,
      })
      const { app, secretKey } = await tools.registry.create(
        input.name,
        input.redirectUris,
        tools.actor
      )
      this.logger.success(`Registered connected app "${app.name}"`)
      this.logger.log(`apiKey:    ${app.apiKey}`)
      this.logger.log(`secretKey: ${secretKey}`)
      for (const uri of app.redirectUris) {
        this.logger.log(`redirect URI: ${uri}`)
      }
      this.logger.warning(
        "The secretKey is shown only this once (sso keeps a hash): store it in the app's server configuration now"
      )
    })
  }
}
