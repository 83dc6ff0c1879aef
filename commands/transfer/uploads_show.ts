import { args, flags } from '@adonisjs/core/ace'
import {
  TransferStaffCommand,
  minuteOf,
  senderOf,
} from '#commands/transfer/_transfer_staff_command'

export default class TransferUploadsShow extends TransferStaffCommand {
  static commandName = 'transfer:uploads:show'
  static description =
    'Show one upload as its row on the uploads page does, with its shares and downloads'

  @args.string({ description: 'Id of the upload (see transfer:uploads:list)' })
  declare id: string

  @flags.boolean({
    description: "Print JSON: the upload in the API's shape, its shares and its download count",
  })
  declare json?: boolean

  async run() {
    const { appUrl } = await import('#config/app')
    const { StaffUploads } = await import('#services/transfer/staff_uploads')
    const { StaffShares } = await import('#services/transfer/staff_shares')
    const { DownloadLogs } = await import('#services/transfer/download_logs')
    const { formatBytes } = await import('#services/transfer/transfer_mailer')

    const upload = this.isId(this.id) ? await new StaffUploads().find(this.id) : null
    if (!upload) {
      return this.fail(`No upload with id ${this.id}`)
    }
    const staffShares = new StaffShares()
    const ofUpload = await staffShares.list({ uploadId: upload.id })
    const shares = ofUpload.map((share) => staffShares.view(share, appUrl))
    const downloadCount = await new DownloadLogs().count({ uploadId: upload.id })

    if (this.json) {
      this.logger.log(JSON.stringify({ ...upload, shares, downloadCount }, null, 2))
      return
    }
    const progress =
      upload.status === 'complete'
        ? 'complete'
        : `uploading (${formatBytes(upload.receivedBytes)} of ${formatBytes(upload.size)})`
    this.printRecord([
      ['Id', upload.id],
      ['File', upload.fileName],
      ['Type', upload.mimeType],
      ['Size', formatBytes(upload.size)],
      ['Status', progress],
      ['Sender', senderOf(upload)],
      ['Message', upload.message],
      ['SHA-256', upload.sha256 ?? `(${upload.hashStatus})`],
      ['Backup', backupOf(upload)],
      ['Created (UTC)', minuteOf(upload.createdAt)],
      ['Completed (UTC)', minuteOf(upload.completedAt)],
      ['Expires (UTC)', minuteOf(upload.expiresAt)],
      [
        'Cleanup deletes it (UTC)',
        upload.keptByShare
          ? 'kept while a share without an end offers it'
          : (minuteOf(upload.deletesAt) ?? 'never'),
      ],
      ['Downloads', downloadCount],
      ['Shares', shares.length],
    ])
    for (const share of shares) {
      const limit = share.maxDownloads === null ? '' : ` of ${share.maxDownloads}`
      const state = share.expired ? 'closed' : `expires ${minuteOf(share.expiresAt) ?? 'never'}`
      this.logger.log(
        `  ${share.id}  ${share.url}  ${share.downloadCount}${limit} downloads, ${state}`
      )
    }
  }
}

function backupOf(upload: {
  backupStatus: string
  backupPath: string | null
  backupError: string | null
}) {
  const detail = upload.backupPath ?? upload.backupError
  return detail ? `${upload.backupStatus} (${detail})` : upload.backupStatus
}
