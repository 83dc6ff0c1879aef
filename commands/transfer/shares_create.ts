import { args, flags } from '@adonisjs/core/ace'
import { TransferStaffCommand } from '#commands/transfer/_transfer_staff_command'

export default class TransferSharesCreate extends TransferStaffCommand {
  static commandName = 'transfer:shares:create'
  static description =
    'Share a finished upload by link (named by id or exact file name); prints the link and the password'

  @args.string({
    description: 'Id of the upload, or its exact file name (find it with transfer:uploads:list)',
  })
  declare upload: string

  @flags.string({ description: 'Password the recipient must enter' })
  declare password?: string

  @flags.boolean({ description: 'Protect the share with a generated four-word password' })
  declare generatePassword?: boolean

  @flags.number({ description: 'Days until the link expires (0: never; default: the setting)' })
  declare expiresInDays?: number

  @flags.number({ description: 'Downloads allowed before the link closes' })
  declare maxDownloads?: number

  async run() {
    if (this.password !== undefined && this.generatePassword) {
      return this.wrongUsage('Give either --password or --generate-password, not both')
    }
    const { appUrl } = await import('#config/app')
    const { generatePassword } = await import('#services/transfer/password_generator')
    const { StaffShares } = await import('#services/transfer/staff_shares')
    const { createShareValidator } = await import('#validators/transfer/share_validators')

    await this.guarded(async () => {
      const uploadId = await this.uploadIdOf(this.upload)
      if (!uploadId) {
        return
      }
      // The API's rules: the same validator, the same service.
      const { uploadId: id, ...changes } = await createShareValidator.validate({
        uploadId,
        password: this.generatePassword ? generatePassword() : this.password,
        expiresInDays: this.expiresInDays,
        maxDownloads: this.maxDownloads,
      })
      const shares = new StaffShares()
      const view = shares.view(await shares.create(id, changes, null, appUrl), appUrl)
      this.logger.success(`Shared ${view.fileName}`)
      this.logger.log(`Link: ${view.url}`)
      this.logger.log(`Password: ${view.password ?? 'none'}`)
      this.logger.log(`Expires: ${view.expiresAt ?? 'never'}`)
      if (view.maxDownloads !== null) {
        this.logger.log(`Downloads allowed: ${view.maxDownloads}`)
      }
      this.logger.log(`Share id: ${view.id}`)
    })
  }

  /**
   * An id stays as typed (the validator judges it); anything else is a file
   * name that must name exactly one upload. Null after saying why not.
   */
  protected async uploadIdOf(upload: string) {
    if (this.isId(upload)) {
      return upload
    }
    const { StaffUploads } = await import('#services/transfer/staff_uploads')
    const named = await new StaffUploads().named(upload)
    const lookUp = `transfer:uploads:list --search=${JSON.stringify(upload)}`
    if (named.length === 0) {
      this.fail(`No upload is named ${upload}: find its id with ${lookUp}`)
      return null
    }
    if (named.length > 1) {
      this.fail(`${named.length} uploads are named ${upload}: give the id of one (${lookUp})`)
      return null
    }
    return named[0].id
  }
}
