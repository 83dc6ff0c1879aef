import { flags } from '@adonisjs/core/ace'
import { TransferStaffListCommand } from '#commands/transfer/_transfer_staff_command'

export default class TransferSharesList extends TransferStaffListCommand {
  static commandName = 'transfer:shares:list'
  static description = 'List the share links with their passwords, expiry and downloads'

  @flags.string({ description: 'Only the shares of this upload (its id)' })
  declare upload?: string

  async run() {
    const { appUrl } = await import('#config/app')
    const { serializer } = await import('#services/shared/serialize')
    const { StaffShares } = await import('#services/transfer/staff_shares')
    const { default: StaffShareTransformer } =
      await import('#transformers/transfer/staff_share_transformer')
    if (this.upload !== undefined && !this.isId(this.upload)) {
      return this.fail(`No upload with id ${this.upload}`)
    }
    // GET /api/staff-shares' body, with links on APP_URL.
    const shares = await serializer.serialize(
      StaffShareTransformer.transform(
        await new StaffShares().list({ uploadId: this.upload }),
        appUrl
      )
    )
    type Share = (typeof shares)[number]
    this.printList<Share>(
      shares,
      [
        { title: 'Id', value: (share) => share.id },
        { title: 'File', value: (share) => share.fileName },
        { title: 'Link', value: (share) => share.url },
        {
          title: 'Password',
          value: (share) => share.password ?? (share.hasPassword ? '(unreadable)' : ''),
        },
        {
          title: 'Expires',
          value: (share) =>
            share.expired
              ? `closed (${share.expiresAt ?? 'limit reached'})`
              : (share.expiresAt ?? 'never'),
        },
        {
          title: 'Downloads',
          value: (share) =>
            share.maxDownloads === null
              ? share.downloadCount
              : `${share.downloadCount} of ${share.maxDownloads}`,
        },
      ],
      { json: this.json, empty: 'No shares yet: create one with transfer:shares:create' }
    )
  }
}
