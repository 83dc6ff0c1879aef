import { args } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoPeopleEnable extends SsoCommand {
  static commandName = 'sso:people:enable'
  static description = 'Enable a disabled person again'

  @args.string({ description: 'Email of the person' })
  declare email: string

  async run() {
    await this.withPerson(this.email, async (person, tools) => {
      await tools.people.enable(person, tools.actor)
      this.logger.success(`Enabled ${person.email}`)
    })
  }
}
