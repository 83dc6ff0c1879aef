import { ScheduleUsersCommand } from '#commands/schedule/_schedule_users_command'

export default class ScheduleUsersList extends ScheduleUsersCommand {
  static commandName = 'schedule:users:list'
  static description = 'List the people allowed into schedule, with their roles'

  async run() {
    await this.guarded(async (users) => {
      const list = await users.list()
      if (list.length === 0) {
        this.logger.info('No users yet: add the first admin with schedule:bootstrap-admin')
        return
      }
      const table = this.ui.table()
      table.head(['Email', 'Name', 'Role', 'Signed in before', 'Last sign-in'])
      for (const user of list) {
        table.row([
          user.email,
          user.displayName,
          user.role,
          user.ssoUserId ? 'yes' : 'no',
          user.lastLoginAt?.toISODate() ?? 'never',
        ])
      }
      table.render()
      this.logger.log(`${list.length} user(s)`)
    })
  }
}
