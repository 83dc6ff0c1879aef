import { args } from '@adonisjs/core/ace'
import { ScheduleUsersCommand } from '#commands/schedule/_schedule_users_command'

export default class ScheduleUsersSetRole extends ScheduleUsersCommand {
  static commandName = 'schedule:users:set-role'
  static description = 'Make a schedule user staff or admin (the last admin stays admin)'

  @args.string({ description: 'Email of the user' })
  declare email: string

  @args.string({ description: 'staff or admin' })
  declare role: string

  async run() {
    const role = this.role
    if (role !== 'staff' && role !== 'admin') {
      return this.guarded(async () => this.fail('The role must be staff or admin'))
    }
    await this.withUser(this.email, async (user, users) => {
      if (user.role === role) {
        this.logger.info(`${user.email} is already ${role}`)
        return
      }
      await users.update(user.id, { role })
      this.logger.success(`${user.email} is now ${role}, from their next request on`)
    })
  }
}
