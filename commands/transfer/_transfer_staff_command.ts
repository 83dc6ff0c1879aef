import { flags } from '@adonisjs/core/ace'
import { TransferCommand } from '#commands/transfer/_transfer_command'

/** A uuid as the router's matcher accepts it; anything else names no row (as the API's 404). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Staff work on transfer from the terminal: its uploads, shares and download log. */
export abstract class TransferStaffCommand extends TransferCommand {
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
