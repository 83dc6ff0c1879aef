import { args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

export default class TransferSharesCreate extends AppCommand {
  static commandName = 'transfer:shares:create'
  static description = 'Share a finished upload by link; prints the link and the password'
  static options: CommandOptions = { startApp: true }
  protected appId = 'transfer' as const

  @args.string({ description: 'Id of the upload (see the staff uploads page)' })
  declare uploadId: string

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
      return this.fail('Give either --password or --generate-password, not both')
    }
    const { errors } = await import('@vinejs/vine')
    const { appUrl } = await import('#config/app')
    const { generatePassword } = await import('#services/transfer/password_generator')
    const { StaffShares, UploadNotFoundError, UploadNotShareableError } =
      await import('#services/transfer/staff_shares')
    const { createShareValidator } = await import('#validators/transfer/share_validators')

    const password = this.generatePassword ? generatePassword() : this.password
    try {
      // The API's rules: the same validator, the same service.
      const { uploadId, ...changes } = await createShareValidator.validate({
        uploadId: this.uploadId,
        password,
        expiresInDays: this.expiresInDays,
        maxDownloads: this.maxDownloads,
      })
      const shares = new StaffShares()
      const share = await shares.create(uploadId, changes, null, appUrl)
      const view = shares.view(share, appUrl)
      this.logger.success(`Shared ${view.fileName}`)
      this.logger.log(`Link: ${view.url}`)
      this.logger.log(`Password: ${view.password ?? 'none'}`)
      this.logger.log(`Expires: ${view.expiresAt ?? 'never'}`)
      if (view.maxDownloads !== null) {
        this.logger.log(`Downloads allowed: ${view.maxDownloads}`)
      }
      this.logger.log(`Share id: ${view.id}`)
    } catch (error) {
      if (error instanceof errors.E_VALIDATION_ERROR) {
        for (const { field, message } of error.messages as { field: string; message: string }[]) {
          this.fail(`${field}: ${message}`)
        }
        return
      }
      if (error instanceof UploadNotFoundError || error instanceof UploadNotShareableError) {
        return this.fail(error.message)
      }
      throw error
    }
  }

}
