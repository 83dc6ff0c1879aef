import { args, flags } from '@adonisjs/core/ace'
import { TransferStaffCommand } from '#commands/transfer/_transfer_staff_command'

export default class TransferSharesUpdate extends TransferStaffCommand {
  static commandName = 'transfer:shares:update'
  static description =
    "Change a share's password, expiry or download limit (as the shares page's edit form)"

  @args.string({ description: 'Id of the share (see transfer:shares:list)' })
  declare id: string

  @flags.string({ description: 'New password the recipient must enter' })
  declare password?: string

  @flags.boolean({ description: 'A new generated four-word password' })
  declare generatePassword?: boolean

  @flags.boolean({ description: 'Remove the password: the link alone opens the share' })
  declare removePassword?: boolean

  @flags.number({ description: 'Expire this many days from now (0: never)' })
  declare expiresInDays?: number

  @flags.string({ description: 'Expire at this ISO 8601 time (e.g. 2030-01-31T18:00:00Z)' })
  declare expiresAt?: string

  @flags.number({ description: 'Downloads allowed in all before the link closes' })
  declare maxDownloads?: number

  @flags.boolean({ description: 'Remove the download limit' })
  declare removeDownloadLimit?: boolean

  async run() {
    const passwordFlags = [this.password !== undefined, this.generatePassword, this.removePassword]
    if (passwordFlags.filter(Boolean).length > 1) {
      return this.wrongUsage(
        'Give one of --password, --generate-password and --remove-password, not several'
      )
    }
    if (this.expiresInDays !== undefined && this.expiresAt !== undefined) {
      return this.wrongUsage('Give either --expires-in-days or --expires-at, not both')
    }
    if (this.maxDownloads !== undefined && this.removeDownloadLimit) {
      return this.wrongUsage('Give either --max-downloads or --remove-download-limit, not both')
    }
    const changes = {
      password: this.removePassword ? null : this.password,
      expiresInDays: this.expiresInDays,
      expiresAt: this.expiresAt,
      maxDownloads: this.removeDownloadLimit ? null : this.maxDownloads,
    }
    if (!this.generatePassword && Object.values(changes).every((value) => value === undefined)) {
      return this.wrongUsage(
        'Nothing to change: give a password, expiry or download limit flag (see --help)'
      )
    }

    const { appUrl } = await import('#config/app')
    const { generatePassword } = await import('#services/transfer/password_generator')
    const { StaffShares } = await import('#services/transfer/staff_shares')
    const { updateShareValidator } = await import('#validators/transfer/share_validators')
    await this.guarded(async () => {
      // PUT /api/staff-shares/:id's validator; an unknown id is its 404.
      const valid = await updateShareValidator.validate({
        ...changes,
        password: this.generatePassword ? generatePassword() : changes.password,
      })
      const shares = new StaffShares()
      const share = this.isId(this.id) ? await shares.update(this.id, valid) : null
      if (!share) {
        return this.fail(`No share with id ${this.id}`)
      }
      const view = shares.view(share, appUrl)
      this.logger.success(`Updated the share of ${view.fileName}`)
      this.logger.log(`Link: ${view.url}`)
      this.logger.log(`Password: ${view.password ?? (view.hasPassword ? '(unreadable)' : 'none')}`)
      this.logger.log(`Expires: ${view.expiresAt ?? 'never'}`)
      this.logger.log(
        `Downloads: ${view.downloadCount}${view.maxDownloads === null ? '' : ` of ${view.maxDownloads}`}`
      )
    })
  }
}
