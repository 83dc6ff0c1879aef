import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'
import type { ScheduleUsers } from '#services/schedule/people/schedule_users'
import type AppUser from '#models/schedule/app_user'

/**
 * An operator's command on schedule's people. Services are imported inside
 * `run`, because models need the booted app and `node ace list` loads every
 * command without booting it. The rules are the API's (one person per
 * email, always an admin); a refusal prints one clear line and exits with 1.
 */
export abstract class ScheduleUsersCommand extends AppCommand {
  static options: CommandOptions = { startApp: true }
  protected appId = 'schedule' as const

  protected fail(message: string) {
    this.logger.error(message)
    this.exitCode = 1
  }

  protected async guarded(action: (users: ScheduleUsers) => Promise<void>) {
    const { errors } = await import('@vinejs/vine')
    const { ScheduleUsers, ScheduleUsersError } =
      await import('#services/schedule/people/schedule_users')
    try {
      await action(new ScheduleUsers())
    } catch (error) {
      if (error instanceof errors.E_VALIDATION_ERROR) {
        for (const { message } of error.messages as { message: string }[]) {
          this.fail(message)
        }
        return
      }
      if (error instanceof ScheduleUsersError) {
        return this.fail(error.message)
      }
      throw error
    }
  }

  /** Runs `action` on the person with this email, or says there is none. */
  protected withUser(
    email: string,
    action: (user: AppUser, users: ScheduleUsers) => Promise<void>
  ) {
    return this.guarded(async (users) => {
      const user = await users.findByEmail(email)
      if (!user) {
        return this.fail(`No schedule user with the email ${email}`)
      }
      await action(user, users)
    })
  }
}
