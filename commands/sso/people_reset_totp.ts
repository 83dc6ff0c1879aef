import { args, flags } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoPeopleResetTotp extends SsoCommand {
  static commandName = 'sso:people:reset-totp'
  static description =
    'Turn off two-factor sign-in for a person who lost their authenticator (asks first unless --force)'

  @args.string({ description: 'Email of the person' })
  declare email: string

  @flags.boolean({ description: 'Do not ask for confirmation' })
  declare force?: boolean

  /*
   * Destructive: the authenticator's secret and the recovery codes are
   * deleted for good, and until the person enrols again their password alone
   * opens the account, so a reset done for the wrong person (or for someone
   * only claiming to be them) hands the account to whoever has the password.
   */
  async run() {
    await this.withPerson(this.email, async (person, tools) => {
      const confirmed = await this.confirmDestructive(
        `Reset two-factor sign-in of ${person.email}? Their authenticator and recovery codes stop working for good`,
        this.force
      )
      if (!confirmed) {
        return
      }
      const { wasEnabled } = await tools.people.resetTotp(person, tools.actor)
      this.logger.success(
        wasEnabled
          ? `Two-factor sign-in is off for ${person.email}; they can enrol again from their security page`
          : `${person.email} had no two-factor sign-in; any unfinished enrolment was cleared`
      )
    })
  }
}
