import { args, flags } from '@adonisjs/core/ace'
import { ScheduleUsersCommand } from '#commands/schedule/_schedule_users_command'

export default class ScheduleUsersDelete extends ScheduleUsersCommand {
  static commandName = 'schedule:users:delete'
  static description =
    'Remove a person from schedule (asks first unless --force; the last admin stays)'

  @args.string({ description: 'Email of the user' })
  declare email: string

  @flags.boolean({ description: 'Do not ask for confirmation' })
  declare force?: boolean

  async run() {
    await this.withUser(this.email, async (user, users) => {
      const confirmed =
        this.force ||
        (await this.prompt.confirm(
          `Remove ${user.email}? They lose access at their next request; what they wrote stays`
        ))
      if (!confirmed) {
        return this.fail('Nothing removed')
      }
      await users.remove(user.id)
      this.logger.success(`${user.email} can no longer use schedule`)
    })
  }
}
