import { args } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoPeopleGrantAdmin extends SsoCommand {
  static commandName = 'sso:people:grant-admin'
  static description = 'Make a person an admin of sso'

  @args.string({ description: 'Email of the person' })
  declare email: string

  async run() {
    await this.withPerson(this.email, async (person, tools) => {
      await tools.people.setAdmin(person, true, tools.actor)
      this.logger.success(`${person.email} is an admin`)
    })
  }
}
