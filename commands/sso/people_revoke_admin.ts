import { args } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoPeopleRevokeAdmin extends SsoCommand {
  static commandName = 'sso:people:revoke-admin'
  static description = 'Take admin rights away from a person'

  @args.string({ description: 'Email of the person' })
  declare email: string

  async run() {
    await this.withPerson(this.email, async (person, tools) => {
      await tools.people.setAdmin(person, false, tools.actor)
      this.logger.success(`${person.email} is no longer an admin`)
    })
  }
}
