import { UsersCreateCommand } from '#commands/shared/_relying_party_users_command'
import { transferUsersApp } from '#commands/transfer/_transfer_users_command'

export default class TransferUsersCreate extends UsersCreateCommand {
  static commandName = 'transfer:users:create'
  static description = 'Allow a person into transfer by email (does nothing when they already are)'
  protected people = transferUsersApp
}
