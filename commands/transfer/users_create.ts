import { args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

export default class TransferUsersCreate extends AppCommand {
  static commandName = 'transfer:users:create'
  static description = 'Allow a person into transfer by email (does nothing when they already are)'
  static options: CommandOptions = { startApp: true }
  protected appId = 'transfer' as const

  @args.string({ description: 'Email, as the person signs in to sso' })
  declare email: string

  @flags.string({ description: 'staff or admin', default: 'staff' })
  declare role: string

  async run() {
    if (this.role !== 'staff' && this.role !== 'admin') {
      this.logger.error('--role must be staff or admin')
      this.exitCode = 1
      return
    }
    const { TransferUsers } = await import('#services/transfer/transfer_users')
    const users = new TransferUsers()
    const existing = await users.findByEmail(this.email)
    if (existing) {
      this.logger.info(`${existing.email} already has access (${existing.role})`)
      return
    }
    const user = await users.create(this.email, this.role)
    this.logger.success(`${user.email} can now sign in to transfer as ${user.role}`)
  }
}
