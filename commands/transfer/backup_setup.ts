import { args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

/**
 * The backup's setup from the command line, as the admin Settings page does
 * it: the provider app's key and secret, the connection (the provider shows
 * a code to paste, since a terminal has no address to send the browser back
 * to), the folder, and disconnecting.
 */
export default class TransferBackupSetup extends AppCommand {
  static commandName = 'transfer:backup:setup'
  static description =
    'Set the backup up: app credentials, connect (paste the code the provider shows), folder, or disconnect'
  static help = [
    'Steps, in order:',
    '  transfer:backup:setup credentials <app-key>   (the secret is asked, or read from BACKUP_APP_SECRET)',
    '  transfer:backup:setup connect                 (prints the address to open, then asks for the code)',
    '  transfer:backup:setup folder </Path> [--create]',
    '  transfer:backup:setup disconnect',
  ]
  static options: CommandOptions = { startApp: true }
  protected appId = 'transfer' as const

  @args.string({ description: 'credentials, connect, folder or disconnect' })
  declare step: string

  @args.string({ description: 'The app key (credentials) or the folder (folder)', required: false })
  declare value?: string

  @flags.string({ description: 'The code the provider showed (connect), instead of asking' })
  declare code?: string

  @flags.boolean({ description: 'Make the folder first (folder)' })
  declare create: boolean

  async run() {
    const { BackupSettings } = await import('#services/transfer/backup/backup_settings')
    const { BackupQueue } = await import('#services/transfer/backup/backup_queue')
    // The Settings page's own validators: what the page refuses, the command refuses.
    const { backupCredentialsValidator, backupFolderValidator } =
      await import('#validators/transfer/backup_validators')
    const { errors } = await import('@vinejs/vine')
    const settings = await this.app.container.make(BackupSettings)
    const queue = await this.app.container.make(BackupQueue)
    try {
      switch (this.step) {
        case 'credentials': {
          if (!this.value) {
            return this.#fail('Give the app key: transfer:backup:setup credentials <app-key>')
          }
          await backupCredentialsValidator.validate({ appKey: this.value })
          const secret = process.env.BACKUP_APP_SECRET ?? (await this.prompt.secure('App secret'))
          const { appKey, appSecret } = await backupCredentialsValidator.validate({
            appKey: this.value,
            appSecret: secret ?? undefined,
          })
          await settings.saveCredentials(appKey, appSecret || null, null)
          this.logger.success('Credentials saved. Next: transfer:backup:setup connect')
          return
        }
        case 'connect': {
          const credentials = await settings.credentials()
          let code = this.code
          if (!code) {
            this.logger.info(
              `Open this address, allow access, and copy the code it shows:\n${await settings.provider.authorizeUrl(credentials, null, null)}`
            )
            code = await this.prompt.ask('Code')
          }
          if (!code?.trim()) {
            return this.#fail('No code given')
          }
          const { refreshToken, account } = await settings.provider.connect(
            credentials,
            code.trim(),
            null
          )
          await settings.saveConnection(refreshToken, account, null)
          await queue.requeue({ retryFailed: true })
          this.logger.success(`Connected to ${account.name} <${account.email}>`)
          return
        }
        case 'folder': {
          if (!this.value) {
            return this.#fail('Give the folder: transfer:backup:setup folder /Backups [--create]')
          }
          const { path } = await backupFolderValidator.validate({ path: this.value })
          const connection = await settings.connection()
          let folder = path.replace(/\/+$/, '')
          if (this.create) {
            const created = await connection.createFolder(folder)
            folder = created.path
          } else {
            await connection.list(folder)
          }
          await settings.saveFolder(folder, null)
          const queued = await queue.requeue({ retryFailed: true })
          this.logger.success(`Backups go to ${folder}; ${queued} upload(s) queued`)
          return
        }
        case 'disconnect': {
          const connection = await settings.connection().catch(() => null)
          await connection?.revoke().catch((error: Error) => {
            this.logger.warning(`The provider did not confirm the revocation: ${error.message}`)
          })
          await settings.forgetConnection(null)
          this.logger.success('Disconnected: the token is revoked and forgotten')
          return
        }
        default:
          return this.#fail(`Unknown step ${this.step}: credentials, connect, folder or disconnect`)
      }
    } catch (error) {
      if (error instanceof errors.E_VALIDATION_ERROR) {
        const messages = error.messages as { message: string }[]
        return this.#fail(messages.map(({ message }) => message).join('; '))
      }
      this.#fail(error instanceof Error ? error.message : String(error))
    }
  }

  #fail(message: string) {
    this.logger.error(message)
    this.exitCode = 1
  }
}
