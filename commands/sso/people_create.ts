import { args, flags } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoPeopleCreate extends SsoCommand {
  static commandName = 'sso:people:create'
  static description =
    'Create a person whose email counts as verified. Asks for the password unless a flag gives or generates one'

  @args.string({ description: 'Email of the person' })
  declare email: string

  @flags.string({ description: 'Full name' })
  declare name?: string

  @flags.boolean({ description: 'Make the person an admin' })
  declare admin?: boolean

  @flags.string({ description: 'The password (visible in your shell history: prefer the prompt)' })
  declare password?: string

  @flags.boolean({ description: 'Generate a password and print it once' })
  declare generatePassword?: boolean

  async run() {
    await this.guarded(async (tools) => {
      const { newPersonValidator } = await import('#validators/sso/admin_validators')
      const input = await newPersonValidator.validate({ email: this.email, name: this.name })
      const { people } = tools
      if (await people.findByEmail(input.email)) {
        return this.fail(`A person with the email ${input.email} already exists`)
      }
      const chosen = await this.choosePassword({
        password: this.password,
        generate: this.generatePassword,
      })
      if (!chosen) {
        return
      }
      const person = await people.create(
        { ...input, password: chosen.password, isAdmin: this.admin ?? false },
        tools.actor
      )
      this.logger.success(`Created ${person.isAdmin ? 'admin' : 'person'} ${person.email}`)
      if (chosen.generated) {
        this.logger.log(`Password: ${chosen.password}`)
        this.logger.warning('The password is shown only this once: store it safely now')
      }
    })
  }
}
