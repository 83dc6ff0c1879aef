import { args, flags } from '@adonisjs/core/ace'
import { TransferStaffCommand } from '#commands/transfer/_transfer_staff_command'

export default class TransferSharesRevoke extends TransferStaffCommand {
  static commandName = 'transfer:shares:revoke'
  static description =
    'Delete a share link (asks first unless --force; the file and the download log stay)'

  @args.string({ description: 'Id of the share (see transfer:shares:list)' })
  declare id: string

  @flags.boolean({ description: 'Do not ask for confirmation' })
  declare force?: boolean

  async run() {
    const { StaffShares } = await import('#services/transfer/staff_shares')
    const shares = new StaffShares()
    const share = this.isId(this.id) ? await shares.find(this.id) : null
    if (!share) {
      return this.fail(`No share with id ${this.id}`)
    }
    const confirmed = await this.confirmDestructive(
      `Revoke the share of ${share.upload.fileName}? Its link stops working; the file stays`,
      this.force
    )
    if (!confirmed) {
      return
    }
    await shares.delete(share.id)
    this.logger.success(`Share ${share.id} revoked: its link no longer works`)
  }
}
