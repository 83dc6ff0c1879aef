import { args, flags } from '@adonisjs/core/ace'
import { ScheduleUsersCommand } from '#commands/schedule/_schedule_users_command'

export default class ScheduleUsersCreate extends ScheduleUsersCommand {
  static commandName = 'schedule:users:create'
  static description = 'Allow a person into schedule by email (does nothing when they already are)'

  @args.string({ description: 'Email, as the person signs in to sso' })
  declare email: string

  @flags.string({ description: 'staff or admin', default: 'staff' })
  declare role: string

  async run() {
    await this.guarded(async (users) => {
      const { createUserValidator } = await import('#validators/schedule/user_validators')
      const { email, role } = await createUserValidator.validate({
        email: this.email,
        role: this.role,
      })
      const existing = await users.findByEmail(email)
      if (existing) {
        this.logger.info(`${existing.email} already has access (${existing.role})`)
        return
      }
      const user = await users.create(email, role)
      this.logger.success(`${user.email} can now sign in to schedule as ${user.role}`)
    })
  }
}
