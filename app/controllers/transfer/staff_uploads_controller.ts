import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import PublicUpload from '#models/transfer/public_upload'
import { DownloadGrants } from '#services/transfer/download_grants'
import { downloaderOf, originOf } from '#services/transfer/download_requester'
import { StaffUploads, uploadListQuery } from '#services/transfer/staff_uploads'
import { uploadOwnership } from '#services/transfer/upload_ownership'
import { UploadRemoval } from '#services/transfer/upload_removal'
import { uploadListValidator } from '#validators/transfer/share_validators'

/** The staff side of /api/public-uploads (spec 2): list, delete, download. */
@inject()
export default class StaffUploadsController {
  constructor(
    protected uploads: StaffUploads,
    protected removal: UploadRemoval,
    protected grants: DownloadGrants
  ) {}

  async index({ request }: HttpContext) {
    return this.uploads.list(uploadListQuery(await request.validateUsing(uploadListValidator)))
  }

  async destroy({ params, response }: HttpContext) {
    const upload = await PublicUpload.find(params.id)
    if (!upload) {
      return response.status(404).send({ error: 'Upload not found' })
    }
    await this.removal.remove(upload)
    return { success: true }
  }

  /**
   * Public in the spec, so it decides itself: staff may download any finished
   * upload, a visitor only their own. Anyone else learns nothing (404).
   */
  async download(ctx: HttpContext) {
    const upload = await PublicUpload.find(ctx.params.id)
    const downloader = await downloaderOf(ctx)
    const allowed =
      upload !== null &&
      upload.status === 'complete' &&
      (downloader.userId !== null || uploadOwnership.isOwner(ctx.session, upload))
    if (!allowed) {
      return ctx.response.status(404).send({ error: 'Upload not found' })
    }
    const { url } = await this.grants.grant(upload, downloader, originOf(ctx))
    return ctx.response.redirect(url)
  }
}
