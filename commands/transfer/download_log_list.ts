import { flags } from '@adonisjs/core/ace'
import { TransferStaffListCommand, minuteOf } from '#commands/transfer/_transfer_staff_command'

export default class TransferDownloadLogList extends TransferStaffListCommand {
  static commandName = 'transfer:download-log:list'
  static description =
    'The download log, newest first, of one share or upload or of all; --csv or --out=file exports it whole'

  @flags.string({ description: 'Only the downloads of this share (its id)' })
  declare shareId?: string

  @flags.string({ description: 'Only the downloads of this upload (its id)' })
  declare uploadId?: string

  @flags.number({ description: 'Page to show (default: 1)' })
  declare page?: number

  @flags.number({ description: 'Downloads a page, at most 200 (default: 50)' })
  declare perPage?: number

  @flags.boolean({ description: 'Print the whole log as CSV (as the page exports it)' })
  declare csv?: boolean

  @flags.string({ description: 'Write the CSV export to this file' })
  declare out?: string

  async run() {
    const exporting = this.csv || this.out !== undefined
    if (exporting && this.json) {
      return this.wrongUsage('Give either --json or --csv/--out, not both')
    }
    if (exporting && (this.page !== undefined || this.perPage !== undefined)) {
      return this.wrongUsage('The CSV export is the whole log: leave out --page and --per-page')
    }
    await this.guarded(() => (exporting ? this.export() : this.list()))
  }

  protected async list() {
    const { DownloadLogs } = await import('#services/transfer/download_logs')
    const { downloadLogListValidator } = await import('#validators/transfer/share_validators')
    const { page, perPage, ...filter } = await downloadLogListValidator.validate({
      shareId: this.shareId,
      uploadId: this.uploadId,
      page: this.page,
      perPage: this.perPage,
    })
    // GET /api/download-logs' body.
    const log = await new DownloadLogs().list(filter, page, perPage)
    type Download = (typeof log.data)[number]
    this.printList<Download>(
      log.data,
      [
        { title: 'Downloaded (UTC)', value: (row) => minuteOf(row.downloadedAt) },
        { title: 'File', value: (row) => row.fileName },
        { title: 'Share', value: (row) => row.shareId ?? 'staff' },
        { title: 'By (staff)', value: (row) => row.downloadedBy?.email },
        { title: 'IP', value: (row) => row.ip },
        { title: 'Browser', value: (row) => row.browser },
        { title: 'OS', value: (row) => row.os },
        { title: 'Device', value: (row) => row.deviceType },
      ],
      { json: this.json, jsonValue: log, empty: 'No downloads logged' }
    )
    if (!this.json && log.data.length > 0) {
      const meta = log.meta as Record<string, number>
      this.logger.log(`Page ${meta.page} of ${meta.lastPage} (${meta.total} downloads)`)
    }
  }

  /** GET /api/download-logs/export's CSV, from its writer: to standard output, or to a file. */
  protected async export() {
    const { DownloadLogs } = await import('#services/transfer/download_logs')
    const { downloadLogExportValidator } = await import('#validators/transfer/share_validators')
    const filter = await downloadLogExportValidator.validate({
      shareId: this.shareId,
      uploadId: this.uploadId,
    })
    const logs = new DownloadLogs()
    if (this.out === undefined) {
      // Record by record: the writer ends each with a line break, which the logger adds back.
      for await (const chunk of logs.exportCsv(filter)) {
        this.logger.log(String(chunk).replace(/\n$/, ''))
      }
      return
    }

    const { open } = await import('node:fs/promises')
    const { pipeline } = await import('node:stream/promises')
    // Opened first, so a path that cannot be written is refused before any reading.
    let file
    try {
      file = await open(this.out, 'w')
    } catch (error) {
      return this.fail(`Cannot write ${this.out}: ${(error as Error).message}`)
    }
    const total = await logs.count(filter)
    const progress = this.progress('Exporting downloads', total)
    try {
      await pipeline(
        logs.exportCsv(filter, () => progress.advance()),
        file.createWriteStream()
      )
    } finally {
      progress.finish()
    }
    this.logger.success(`Wrote ${total} download(s) to ${this.out}`)
  }
}
