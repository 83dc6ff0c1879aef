import { args } from '@adonisjs/core/ace'
import { ScheduleUsersCommand } from '#commands/schedule/_schedule_users_command'

export default class ScheduleUsersRename extends ScheduleUsersCommand {
  static commandName = 'schedule:users:rename'
  static description = "Change a schedule user's display name, as Administration does"

  @args.string({ description: 'Email of the user' })
  declare email: string

  @args.string({ description: 'The new display name' })
  declare displayName: string

  async run() {
    const { updateUserValidator } = await import('#validators/schedule/user_validators')
    await this.withUser(this.email, async (user, users) => {
      // PATCH /api/admin/users/:id's validator: what the page refuses, this refuses.
      const { displayName } = await updateUserValidator.validate({ displayName: this.displayName })
      const renamed = await users.update(user.id, { displayName })
      this.logger.success(`${renamed.email} is now called ${renamed.displayName}`)
    })
  }
}
