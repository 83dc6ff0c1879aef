import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

/**
 * A transfer command. What the web refuses, it refuses with one line and exit
 * code 1: a validator's messages (named by field, as the API's 422 names
 * them), an unknown or unfinished upload, a medium not found, in use or of the
 * wrong kind, and any service refusal with a 4xx status.
 */
export abstract class TransferCommand extends AppCommand {
  static options: CommandOptions = { startApp: true }
  protected appId = 'transfer' as const

  /** `field` names a validated field as the operator knows it (a setting's key rather than `value`). */
  protected async guarded(
    action: () => Promise<void>,
    field: (name: string) => string = (name) => name
  ) {
    const { ThemeMediaRefused } = await import('#services/transfer/theme/theme_media_library')
    const { UploadNotFoundError, UploadNotShareableError } =
      await import('#services/transfer/staff_shares')
    await this.refusingInOneLine(action, {
      field,
      refusals: [ThemeMediaRefused, UploadNotFoundError, UploadNotShareableError],
    })
  }
}
