import { UsersDeleteCommand } from '#commands/shared/_relying_party_users_command'
import { transferUsersApp } from '#commands/transfer/_transfer_users_command'

export default class TransferUsersDelete extends UsersDeleteCommand {
  static commandName = 'transfer:users:delete'
  static description =
    'Remove a person from transfer (asks first unless --force; the last admin stays)'
  protected people = transferUsersApp
}
