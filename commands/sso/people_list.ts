import { args, flags } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoPeopleList extends SsoCommand {
  static commandName = 'sso:people:list'
  static description = 'List people, optionally those whose email, username or name contains a text'

  @args.string({ description: 'Text to search for', required: false })
  declare search?: string

  @flags.number({ description: 'Page of 50 people', default: 1 })
  declare page: number

  async run() {
    await this.guarded(async (tools) => {
      const { data, meta } = await tools.people.search({
        q: this.search,
        page: Math.max(1, this.page),
        perPage: 50,
      })
      if (data.length === 0) {
        this.logger.info('No people found')
        return
      }
      const table = this.ui.table()
      table.head(['Email', 'Name', 'Status', 'Two-factor', 'Last sign-in'])
      for (const person of data) {
        const status = [
          person.disabled ? 'disabled' : 'active',
          person.isAdmin ? 'admin' : null,
          person.emailVerified ? null : 'unverified',
        ]
        table.row([
          person.email,
          person.displayName ?? person.name ?? '',
          status.filter(Boolean).join(', '),
          person.totpEnabled ? 'on' : 'off',
          person.lastSignInAt ?? 'never',
        ])
      }
      table.render()
      this.logger.log(`Page ${meta.page} of ${meta.lastPage} (${meta.total} people)`)
    })
  }
}
