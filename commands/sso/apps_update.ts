import { args, flags } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoAppsUpdate extends SsoCommand {
  static commandName = 'sso:apps:update'
  static description = 'Rename a connected app or replace its redirect URIs'

  @args.string({ description: 'apiKey of the app' })
  declare apiKey: string

  @flags.string({ description: 'New name' })
  declare name?: string

  @flags.array({
    flagName: 'redirect-uri',
    description: 'The complete new list of exact callback URLs (repeatable)',
  })
  declare redirectUris?: string[]

  async run() {
    await this.guarded(async (tools) => {
      if (this.name === undefined && this.redirectUris === undefined) {
        return this.wrongUsage('Nothing to change: give --name and/or --redirect-uri')
      }
      const { appChangesValidator } = await import('#validators/sso/admin_validators')
      const changes = await appChangesValidator.validate({
        name: this.name,
        redirectUris: this.redirectUris,
      })
      const app = await this.findApp(tools, this.apiKey)
      if (!app) {
        return
      }
      await tools.registry.update(app, changes, tools.actor)
      this.logger.success(`Updated "${app.name}": ${app.redirectUris.join(', ')}`)
    })
  }
}
