import { flags } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

type ListedApp = { name: string; apiKey: string; enabled: boolean; redirectUris: string[] }

export default class SsoAppsList extends SsoCommand {
  static commandName = 'sso:apps:list'
  static description = 'List the connected apps with their apiKeys and redirect URIs'

  @flags.boolean({ description: 'Print the apps as GET /api/admin/apps answers' })
  declare json?: boolean

  async run() {
    await this.guarded(async (tools) => {
      const listing = await tools.registry.listing()
      this.printList(
        listing.apps as ListedApp[],
        [
          { title: 'Name', value: (app) => app.name },
          { title: 'apiKey', value: (app) => app.apiKey },
          { title: 'Status', value: (app) => (app.enabled ? 'enabled' : 'disabled') },
          { title: 'Redirect URIs', value: (app) => app.redirectUris.join('\n') },
        ],
        {
          json: this.json,
          jsonValue: listing,
          empty: 'No connected apps yet: add one with sso:apps:create',
        }
      )
    })
  }
}
