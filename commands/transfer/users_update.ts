import { args, flags } from '@adonisjs/core/ace'
import { TransferUsersCommand } from '#commands/transfer/_transfer_users_command'

export default class TransferUsersUpdate extends TransferUsersCommand {
  static commandName = 'transfer:users:update'
  static description =
    "Change a transfer user's email or display name (as the users page does; the role: transfer:users:set-role)"

  @args.string({ description: 'Current email of the user' })
  declare email: string

  @flags.string({ flagName: 'email', description: 'New email (their next sso sign-in links it)' })
  declare newEmail?: string

  @flags.string({ description: 'New display name' })
  declare name?: string

  async run() {
    if (this.newEmail === undefined && this.name === undefined) {
      return this.wrongUsage('Nothing to change: give --email or --name')
    }
    const { updateUserValidator } = await import('#validators/transfer/user_validators')
    await this.withUser(this.email, async (user, users) => {
      // PATCH /api/users/:id's validator and rules (one person per email).
      const changes = await updateUserValidator.validate({
        email: this.newEmail,
        displayName: this.name,
      })
      const updated = await users.update(user.id, changes)
      this.logger.success(`${updated.email} (${updated.displayName}) updated`)
    })
  }
}
