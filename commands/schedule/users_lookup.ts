import { args, flags } from '@adonisjs/core/ace'
import { ScheduleUsersCommand } from '#commands/schedule/_schedule_users_command'

export default class ScheduleUsersLookup extends ScheduleUsersCommand {
  static commandName = 'schedule:users:lookup'
  static description =
    "Whether an email already belongs to a schedule user, and whether they have signed in (the invite form's check)"

  @args.string({ description: 'The email to look up' })
  declare email: string

  @flags.boolean({ description: "Print JSON (GET /api/auth/lookup-email's answer)" })
  declare json?: boolean

  async run() {
    const { lookUpEmail } = await import('#services/schedule/people/email_lookup')
    const { ScheduleUsers } = await import('#services/schedule/people/schedule_users')
    await this.guarded(async () => {
      const email = await this.people.validEmail(this.email)
      const answer = await lookUpEmail(new ScheduleUsers(), email)
      if (this.json) {
        return this.printRecord([], { json: true, jsonValue: answer })
      }
      if (!answer.user) {
        this.logger.info(`No schedule user has the email ${email}: schedule:users:create adds one`)
        return
      }
      this.printRecord([
        ['Email', answer.user.email],
        ['Name', answer.user.displayName],
        ['Role', answer.user.role],
        ['Signed in before', answer.alreadyRegistered],
        ['Last sign-in', answer.user.lastLoginAt ?? 'never'],
      ])
    })
  }
}
