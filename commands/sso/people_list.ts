import { args, flags } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

type ListedPerson = {
  email: string
  name: string | null
  displayName: string | null
  isAdmin: boolean
  emailVerified: boolean
  disabled: boolean
  totpEnabled: boolean
  lastSignInAt: string | null
}

export default class SsoPeopleList extends SsoCommand {
  static commandName = 'sso:people:list'
  static description = 'List people, optionally those whose email, username or name contains a text'

  @args.string({ description: 'Text to search for', required: false })
  declare search?: string

  @flags.number({ description: 'Page to show (default 1)' })
  declare page?: number

  @flags.number({ flagName: 'per-page', description: 'People per page (default 50, at most 100)' })
  declare perPage?: number

  @flags.boolean({ description: 'Print the page as GET /api/admin/people answers it' })
  declare json?: boolean

  async run() {
    await this.guarded(async (tools) => {
      const { peopleSearchValidator } = await import('#validators/sso/admin_validators')
      const query = await peopleSearchValidator.validate({
        q: this.search,
        page: this.page,
        perPage: this.perPage,
      })
      const answer = await tools.people.search({
        q: query.q,
        page: query.page ?? 1,
        perPage: query.perPage ?? 50,
      })
      const people = answer.data as ListedPerson[]
      this.printList(
        people,
        [
          { title: 'Email', value: (person) => person.email },
          { title: 'Name', value: (person) => person.displayName ?? person.name },
          {
            title: 'Status',
            value: (person) =>
              [
                person.disabled ? 'disabled' : 'active',
                person.isAdmin ? 'admin' : null,
                person.emailVerified ? null : 'unverified',
              ]
                .filter(Boolean)
                .join(', '),
          },
          { title: 'Two-factor', value: (person) => (person.totpEnabled ? 'on' : 'off') },
          { title: 'Last sign-in', value: (person) => person.lastSignInAt ?? 'never' },
        ],
        { json: this.json, jsonValue: answer, empty: 'No people found' }
      )
      const { meta } = answer
      if (!this.json && people.length > 0) {
        this.logger.log(`Page ${meta.page} of ${meta.lastPage} (${meta.total} people)`)
      }
    })
  }
}
