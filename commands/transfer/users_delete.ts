import { args, flags } from '@adonisjs/core/ace'
import { TransferUsersCommand } from '#commands/transfer/_transfer_users_command'

export default class TransferUsersDelete extends TransferUsersCommand {
  static commandName = 'transfer:users:delete'
  static description =
    'Remove a person from transfer (asks first unless --force; the last admin stays)'

  @args.string({ description: 'Email of the user' })
  declare email: string

  @flags.boolean({ description: 'Do not ask for confirmation' })
  declare force?: boolean

  async run() {
    await this.withUser(this.email, async (user, users) => {
      const confirmed =
        this.force ||
        (await this.prompt.confirm(
          `Remove ${user.email}? They lose access at their next request; their uploads and shares stay`
        ))
      if (!confirmed) {
        return this.fail('Nothing removed')
      }
      await users.remove(user.id)
      this.logger.success(`${user.email} can no longer use transfer`)
    })
  }
}
