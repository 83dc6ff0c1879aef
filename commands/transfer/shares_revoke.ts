import { args } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

export default class TransferSharesRevoke extends AppCommand {
  static commandName = 'transfer:shares:revoke'
  static description = 'Delete a share link (the file and the download log stay)'
  static options: CommandOptions = { startApp: true }
  protected appId = 'transfer' as const

  @args.string({ description: 'Id of the share (see transfer:shares:list)' })
  declare id: string

  async run() {
    const { StaffShares } = await import('#services/transfer/staff_shares')
    const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(this.id)
    if (!isUuid || !(await new StaffShares().delete(this.id))) {
      this.logger.error(`No share with id ${this.id}`)
      this.exitCode = 1
      return
    }
    this.logger.success(`Share ${this.id} revoked: its link no longer works`)
  }
}
