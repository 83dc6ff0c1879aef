import { flags } from '@adonisjs/core/ace'
import {
  TransferStaffListCommand,
  minuteOf,
  senderOf,
} from '#commands/transfer/_transfer_staff_command'

export default class TransferUploadsList extends TransferStaffListCommand {
  static commandName = 'transfer:uploads:list'
  static description =
    'List uploads as the staff uploads page does: searched, filtered by status, sorted, paged'

  @flags.string({ description: 'Text in the file name, the sender or their email' })
  declare search?: string

  @flags.string({ description: 'uploading or complete' })
  declare status?: string

  @flags.string({ description: 'created, name or size (default: created)' })
  declare sort?: string

  @flags.string({ description: 'asc or desc (default: desc)' })
  declare order?: string

  @flags.number({ description: 'Page to show (default: 1)' })
  declare page?: number

  @flags.number({ description: 'Uploads a page, at most 100 (default: 25)' })
  declare perPage?: number

  async run() {
    const { StaffUploads, uploadListQuery } = await import('#services/transfer/staff_uploads')
    const { uploadListValidator } = await import('#validators/transfer/share_validators')
    const { formatBytes } = await import('#services/transfer/transfer_mailer')
    await this.guarded(async () => {
      // GET /api/public-uploads' query, through its validator and its defaults.
      const asked = await uploadListValidator.validate({
        search: this.search,
        status: this.status,
        sort: this.sort,
        order: this.order,
        page: this.page,
        perPage: this.perPage,
      })
      const listing = await new StaffUploads().list(uploadListQuery(asked))
      type Upload = (typeof listing.data)[number]
      this.printList<Upload>(
        listing.data,
        [
          { title: 'Id', value: (upload) => upload.id },
          { title: 'File', value: (upload) => upload.fileName },
          { title: 'Size', value: (upload) => formatBytes(upload.size) },
          { title: 'Sender', value: (upload) => senderOf(upload) },
          { title: 'Status', value: (upload) => upload.status },
          { title: 'Created (UTC)', value: (upload) => minuteOf(upload.createdAt) },
          { title: 'Shares', value: (upload) => upload.shareCount },
        ],
        { json: this.json, jsonValue: listing, empty: 'No uploads match' }
      )
      if (!this.json && listing.data.length > 0) {
        const { page, lastPage, total } = listing.meta as Record<string, number>
        this.logger.log(`Page ${page} of ${lastPage} (${total} uploads)`)
      }
    })
  }
}
