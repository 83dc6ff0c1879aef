import { args } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoPeopleDisable extends SsoCommand {
  static commandName = 'sso:people:disable'
  static description = 'Disable a person and end all their sessions'

  @args.string({ description: 'Email of the person' })
  declare email: string

  async run() {
    await this.withPerson(this.email, async (person, tools) => {
      const { sessionsEnded } = await tools.people.disable(person, tools.actor)
      this.logger.success(`Disabled ${person.email} and ended ${sessionsEnded} session(s)`)
    })
  }
}
