import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'
import type { TransferUsers } from '#services/transfer/transfer_users'
import type User from '#models/transfer/user'

/**
 * An operator's command on transfer's users. Services are imported inside
 * `run`, because models need the booted app and `node ace list` loads every
 * command without booting it. The rules are the API's (one user per email,
 * always an admin); a refusal prints one clear line and exits with code 1.
 */
export abstract class TransferUsersCommand extends AppCommand {
  static options: CommandOptions = { startApp: true }
  protected appId = 'transfer' as const

  protected fail(message: string) {
    this.logger.error(message)
    this.exitCode = 1
  }

  protected async guarded(action: (users: TransferUsers) => Promise<void>) {
    const { errors } = await import('@vinejs/vine')
    const { TransferUsers, TransferUsersError } = await import('#services/transfer/transfer_users')
    try {
      await action(new TransferUsers())
    } catch (error) {
      if (error instanceof errors.E_VALIDATION_ERROR) {
        for (const { message } of error.messages as { message: string }[]) {
          this.fail(message)
        }
        return
      }
      if (error instanceof TransferUsersError) {
        return this.fail(error.message)
      }
      throw error
    }
  }

  /** Runs `action` on the user with this email, or says there is none. */
  protected withUser(email: string, action: (user: User, users: TransferUsers) => Promise<void>) {
    return this.guarded(async (users) => {
      const user = await users.findByEmail(email)
      if (!user) {
        return this.fail(`No transfer user with the email ${email}`)
      }
      await action(user, users)
    })
  }
}
