import { TransferUsersCommand } from '#commands/transfer/_transfer_users_command'

export default class TransferUsersList extends TransferUsersCommand {
  static commandName = 'transfer:users:list'
  static description = 'List the people allowed into transfer, with their roles'

  async run() {
    await this.guarded(async (users) => {
      const list = await users.list()
      if (list.length === 0) {
        this.logger.info('No users yet: add the first admin with transfer:bootstrap-admin')
        return
      }
      const table = this.ui.table()
      table.head(['Email', 'Name', 'Role', 'Signed in before', 'Added'])
      for (const user of list) {
        table.row([
          user.email,
          user.displayName,
          user.role,
          user.ssoUserId ? 'yes' : 'no',
          user.createdAt.toISODate() ?? '',
        ])
      }
      table.render()
      this.logger.log(`${list.length} user(s)`)
    })
  }
}
