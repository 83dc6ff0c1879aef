import { flags } from '@adonisjs/core/ace'
import { UsersListCommand } from '#commands/shared/_relying_party_users_command'
import { transferUsersApp } from '#commands/transfer/_transfer_users_command'
import type User from '#models/transfer/user'

export default class TransferUsersList extends UsersListCommand {
  static commandName = 'transfer:users:list'
  static description = 'List the people allowed into transfer, with their roles'
  protected people = transferUsersApp

  @flags.boolean({ description: "Print JSON (GET /api/users' body) instead of a table" })
  declare json?: boolean

  async run() {
    if (!this.json) {
      return super.run()
    }
    const { serializer } = await import('#services/shared/serialize')
    const { default: UserTransformer } = await import('#transformers/transfer/user_transformer')
    await this.guarded(async (users) => {
      const list = await serializer.serialize(
        UserTransformer.transform((await users.list()) as User[])
      )
      this.logger.log(JSON.stringify(list, null, 2))
    })
  }
}
