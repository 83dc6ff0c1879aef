import { UsersListCommand } from '#commands/shared/_relying_party_users_command'
import { transferUsersApp } from '#commands/transfer/_transfer_users_command'

export default class TransferUsersList extends UsersListCommand {
  static commandName = 'transfer:users:list'
  static description = 'List the people allowed into transfer, with their roles'
  protected people = transferUsersApp
}
