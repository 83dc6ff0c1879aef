import { flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

/** A uuid as the router's matcher accepts it; anything else names no row (as the API's 404). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Staff work on transfer from the terminal: its uploads, shares and download
 * log, with the API's validators and services. A refusal the API answers with
 * a 404 or a 422 (a field its validator rejects, an unknown upload, a partial
 * file) prints one line and ends with exit code 1.
 */
export abstract class TransferStaffCommand extends AppCommand {
  static options: CommandOptions = { startApp: true }
  protected appId = 'transfer' as const

  protected async guarded(action: () => Promise<void>) {
    const { errors } = await import('@vinejs/vine')
    const { UploadNotFoundError, UploadNotShareableError } =
      await import('#services/transfer/staff_shares')
    try {
      await action()
    } catch (error) {
      if (error instanceof errors.E_VALIDATION_ERROR) {
        // Field names as the API's 422 gives them, on one line.
        const messages = error.messages as { field: string; message: string }[]
        return this.fail(messages.map(({ field, message }) => `${field}: ${message}`).join('; '))
      }
      if (error instanceof UploadNotFoundError || error instanceof UploadNotShareableError) {
        return this.fail(error.message)
      }
      throw error
    }
  }

  protected isId(value: string) {
    return UUID.test(value)
  }
}

/** A list of staff work: a table, or `--json` with the API's shapes. */
export abstract class TransferStaffListCommand extends TransferStaffCommand {
  @flags.boolean({ description: "Print JSON (the API's shapes) instead of a table" })
  declare json?: boolean
}

/** An ISO time as a table shows it: minutes, in UTC. */
export function minuteOf(iso: string | null) {
  return iso ? new Date(iso).toISOString().slice(0, 16).replace('T', ' ') : null
}

/** The sender as the uploads page names them: name and email, either, or neither. */
export function senderOf(upload: { uploaderName: string | null; uploaderEmail: string | null }) {
  if (upload.uploaderName && upload.uploaderEmail) {
    return `${upload.uploaderName} <${upload.uploaderEmail}>`
  }
  return upload.uploaderName ?? upload.uploaderEmail
}
