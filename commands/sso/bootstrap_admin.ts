import { args, flags } from '@adonisjs/core/ace'
import { SsoCommand } from '#commands/sso/_sso_command'

export default class SsoBootstrapAdmin extends SsoCommand {
  static commandName = 'sso:bootstrap-admin'
  static description =
    'Create the first admin (refused once any admin exists). Asks for the password unless a flag gives or generates one'

  @args.string({ description: 'Email of the admin' })
  declare email: string

  @flags.string({ description: 'Full name' })
  declare name?: string

  @flags.string({ description: 'The password (visible in your shell history: prefer the prompt)' })
  declare password?: string

  @flags.boolean({ description: 'Generate a password and print it once' })
  declare generatePassword?: boolean

  async run() {
    await this.guarded(async (tools) => {
      const { newPersonValidator } = await import('#validators/sso/admin_validators')
      const input = await newPersonValidator.validate({ email: this.email, name: this.name })
      const { people } = tools
      if (await people.hasAdmin()) {
        return this.fail(
          'An admin already exists, so there is nothing to bootstrap. Use sso:people:create --admin or sso:people:grant-admin instead.'
        )
      }
      if (await people.findByEmail(input.email)) {
        return this.fail(
          `A person with the email ${input.email} already exists: make them an admin with sso:people:grant-admin`
        )
      }
      const chosen = await this.choosePassword({
        password: this.password,
        generate: this.generatePassword,
      })
      if (!chosen) {
        return
      }
      const admin = await people.create(
        { ...input, password: chosen.password, isAdmin: true },
        tools.actor
      )
      this.logger.success(`Created the first admin, ${admin.email}`)
      if (chosen.generated) {
        this.logger.log(`Password: ${chosen.password}`)
        this.logger.warning('The password is shown only this once: store it safely now')
      }
    })
  }
}
