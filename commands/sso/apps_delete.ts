import { args, flags } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoAppsDelete extends SsoCommand {
  static commandName = 'sso:apps:delete'
  static description = 'Delete a connected app for good (asks first unless --force)'

  @args.string({ description: 'apiKey of the app' })
  declare apiKey: string

  @flags.boolean({ description: 'Do not ask for confirmation' })
  declare force?: boolean

  async run() {
    await this.withApp(this.apiKey, async (app, tools) => {
      const confirmed = await this.confirmDestructive(
        `Delete "${app.name}"? Its people can no longer sign in through it, and this cannot be undone`,
        this.force
      )
      if (!confirmed) {
        return
      }
      await tools.registry.delete(app, tools.actor)
      this.logger.success(`Deleted "${app.name}" (${app.apiKey})`)
    })
  }
}
