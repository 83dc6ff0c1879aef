import { args } from '@adonisjs/core/ace'
import { TransferUsersCommand } from '#commands/transfer/_transfer_users_command'

export default class TransferBootstrapAdmin extends TransferUsersCommand {
  static commandName = 'transfer:bootstrap-admin'
  static description = 'Let the first admin into transfer by email (refused once any admin exists)'

  @args.string({ description: 'Email, as the person signs in to sso' })
  declare email: string

  async run() {
    await this.guarded(async (users) => {
      const { createUserValidator } = await import('#validators/transfer/user_validators')
      const { email } = await createUserValidator.validate({ email: this.email })
      if (await users.hasAdmin()) {
        return this.fail(
          'An admin already exists, so there is nothing to bootstrap. Use transfer:users:create --role=admin or transfer:users:set-role instead.'
        )
      }
      if (await users.findByEmail(email)) {
        return this.fail(
          `${email} already has access: make them an admin with transfer:users:set-role ${email} admin`
        )
      }
      const admin = await users.create(email, 'admin')
      this.logger.success(
        `${admin.email} is transfer's first admin and can sign in through sso with that email`
      )
    })
  }
}
