import { args } from '@adonisjs/core/ace'
import { ScheduleUsersCommand } from '#commands/schedule/_schedule_users_command'

export default class ScheduleBootstrapAdmin extends ScheduleUsersCommand {
  static commandName = 'schedule:bootstrap-admin'
  static description =
    'Let the first admin into schedule by email (refused once anyone else has access)'

  @args.string({ description: 'Email, as the person signs in to sso' })
  declare email: string

  async run() {
    await this.guarded(async (users) => {
      const { lookupEmailValidator } = await import('#validators/schedule/user_validators')
      const { ScheduleBootstrap, BootstrapRefusedError } =
        await import('#services/schedule/people/bootstrap')
      const { email } = await lookupEmailValidator.validate({ email: this.email })
      // Running the same setup twice is fine: the first admin is already there.
      const existing = await users.findByEmail(email)
      if (existing?.role === 'admin') {
        this.logger.info(`${existing.email} is already an admin of schedule`)
        return
      }
      if (existing) {
        return this.fail(
          `${existing.email} already has access: make them an admin with schedule:users:set-role ${existing.email} admin`
        )
      }
      try {
        const bootstrap = await this.app.container.make(ScheduleBootstrap)
        const admin = await bootstrap.createFirstAdmin(email)
        this.logger.success(
          `${admin.email} is schedule's first admin and can sign in through sso with that email`
        )
      } catch (error) {
        if (error instanceof BootstrapRefusedError) {
          return this.fail(
            'schedule already has users, so there is nothing to bootstrap. Use schedule:users:create --role=admin or schedule:users:set-role instead.'
          )
        }
        throw error
      }
    })
  }
}
