import { args } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoPeopleEndSessions extends SsoCommand {
  static commandName = 'sso:people:end-sessions'
  static description = 'Sign a person out of sso everywhere'

  @args.string({ description: 'Email of the person' })
  declare email: string

  async run() {
    await this.withPerson(this.email, async (person, tools) => {
      const ended = await tools.people.endSessions(person, tools.actor)
      this.logger.success(`Ended ${ended} session(s) of ${person.email}`)
    })
  }
}
