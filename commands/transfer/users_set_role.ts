import { UsersSetRoleCommand } from '#commands/shared/_relying_party_users_command'
import { transferUsersApp } from '#commands/transfer/_transfer_users_command'

export default class TransferUsersSetRole extends UsersSetRoleCommand {
  static commandName = 'transfer:users:set-role'
  static description = 'Make a transfer user staff or admin (the last admin stays admin)'
  protected people = transferUsersApp
}
