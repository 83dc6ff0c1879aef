import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoAppsList extends SsoCommand {
  static commandName = 'sso:apps:list'
  static description = 'List the connected apps with their apiKeys and redirect URIs'

  async run() {
    await this.guarded(async (tools) => {
      const apps = await tools.registry.list()
      if (apps.length === 0) {
        this.logger.info('No connected apps yet: add one with sso:apps:create')
        return
      }
      const table = this.ui.table()
      table.head(['Name', 'apiKey', 'Status', 'Redirect URIs'])
      for (const app of apps) {
        table.row([
          app.name,
          app.apiKey,
          app.enabled ? 'enabled' : 'disabled',
          app.redirectUris.join('\n'),
        ])
      }
      table.render()
    })
  }
}
