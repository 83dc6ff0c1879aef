import { args, flags } from '@adonisjs/core/ace'
import { TransferStaffCommand, minuteOf } from '#commands/transfer/_transfer_staff_command'
import type PublicUpload from '#models/transfer/public_upload'

export default class TransferUploadsDelete extends TransferStaffCommand {
  static commandName = 'transfer:uploads:delete'
  static description =
    'Delete uploads for good, by id or by the list filters (asks first unless --force; --dry-run shows what would go)'

  @args.spread({ description: 'Ids of the uploads (see transfer:uploads:list)', required: false })
  declare ids?: string[]

  @flags.string({ description: 'Instead of ids: every upload whose name or sender contains this' })
  declare search?: string

  @flags.string({
    description: 'Instead of ids: every upload in this status (uploading, complete)',
  })
  declare status?: string

  @flags.boolean({ description: 'List what would be deleted; delete nothing' })
  declare dryRun?: boolean

  @flags.boolean({ description: 'Do not ask for confirmation' })
  declare force?: boolean

  async run() {
    const ids = this.ids ?? []
    const filtered = this.search !== undefined || this.status !== undefined
    if (ids.length > 0 && filtered) {
      return this.wrongUsage('Give either upload ids or --search/--status, not both')
    }
    if (ids.length === 0 && !filtered) {
      return this.wrongUsage('Name the uploads to delete: their ids, or --search/--status')
    }
    await this.guarded(async () => {
      const uploads = filtered ? await this.matching() : await this.byId(ids)
      if (!uploads) {
        return
      }
      if (uploads.length === 0) {
        this.logger.info('No upload matches: nothing to delete')
        return
      }
      await this.deleteAll(uploads)
    })
  }

  /** The uploads with these ids; null (and exit code 1) when one of them is unknown. */
  protected async byId(ids: string[]) {
    const { StaffUploads } = await import('#services/transfer/staff_uploads')
    const unique = [...new Set(ids)]
    const unknown = unique.filter((id) => !this.isId(id))
    const uploads = await new StaffUploads().withIds(unique.filter((id) => this.isId(id)))
    const found = new Set(uploads.map((upload) => upload.id))
    unknown.push(...unique.filter((id) => this.isId(id) && !found.has(id)))
    if (unknown.length > 0) {
      this.fail(`No upload with id ${unknown.join(', ')}: nothing deleted`)
      return null
    }
    return uploads
  }

  /** The uploads the list filters match, validated as GET /api/public-uploads validates them. */
  protected async matching() {
    const { StaffUploads } = await import('#services/transfer/staff_uploads')
    const { uploadListValidator } = await import('#validators/transfer/share_validators')
    const filter = await uploadListValidator.validate({ search: this.search, status: this.status })
    return new StaffUploads().matchingAll({ ...filter, search: filter.search || undefined })
  }

  protected async deleteAll(uploads: PublicUpload[]) {
    const { formatBytes } = await import('#services/transfer/transfer_mailer')
    const { UploadRemoval } = await import('#services/transfer/upload_removal')

    const bytes = uploads.reduce((sum, upload) => sum + upload.size, 0)
    const shares = uploads.reduce((sum, upload) => sum + Number(upload.$extras.share_count ?? 0), 0)
    const what =
      uploads.length === 1
        ? uploads[0].fileName
        : `${uploads.length} uploads (${formatBytes(bytes)})`
    const links =
      shares === 0 ? '' : `; ${shares} share ${shares === 1 ? 'link stops' : 'links stop'} working`

    if (this.dryRun || uploads.length > 1) {
      this.printList(uploads, [
        { title: 'Id', value: (upload) => upload.id },
        { title: 'File', value: (upload) => upload.fileName },
        { title: 'Size', value: (upload) => formatBytes(upload.size) },
        { title: 'Status', value: (upload) => upload.status },
        { title: 'Created (UTC)', value: (upload) => minuteOf(upload.createdAt.toISO()) },
        { title: 'Shares', value: (upload) => Number(upload.$extras.share_count ?? 0) },
      ])
    }
    if (this.dryRun) {
      this.logger.info(`Would delete ${what}${links}. Nothing deleted (--dry-run)`)
      return
    }
    if (!(await this.confirmDestructive(`Delete ${what} for good${links}?`, this.force))) {
      return
    }

    const removal = await this.app.container.make(UploadRemoval)
    if (uploads.length === 1) {
      await removal.remove(uploads[0])
    } else {
      const progress = this.progress('Deleting uploads', uploads.length)
      for (const upload of uploads) {
        await removal.remove(upload)
        progress.advance()
      }
      progress.finish()
    }
    this.logger.success(`Deleted ${what}`)
  }
}
