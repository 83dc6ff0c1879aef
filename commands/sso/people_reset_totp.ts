import { args } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoPeopleResetTotp extends SsoCommand {
  static commandName = 'sso:people:reset-totp'
  static description = 'Turn off two-factor sign-in for a person who lost their authenticator'

  @args.string({ description: 'Email of the person' })
  declare email: string

  async run() {
    await this.withPerson(this.email, async (person, tools) => {
      const { wasEnabled } = await tools.people.resetTotp(person, tools.actor)
      this.logger.success(
        wasEnabled
          ? `Two-factor sign-in is off for ${person.email}; they can enrol again from their security page`
          : `${person.email} had no two-factor sign-in; any unfinished enrolment was cleared`
      )
    })
  }
}
