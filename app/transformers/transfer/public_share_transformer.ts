import { BaseTransformer } from '@adonisjs/core/transformers'
import type StaffShare from '#models/transfer/staff_share'

/**
 * What a recipient may know of a share before downloading (spec 2:
 * GET /api/share/:token and the page at /s/:token): never the password or
 * its hash. `downloadsRemaining` is null when the share has no limit.
 */
export default class PublicShareTransformer extends BaseTransformer<StaffShare> {
  toObject() {
    const share = this.resource
    return {
      token: share.token,
      fileName: share.upload.fileName,
      size: share.upload.size,
      mimeType: share.upload.mimeType,
      title: share.title,
      message: share.message,
      expiresAt: share.expiresAt?.toISO() ?? null,
      hasPassword: share.passwordHash !== null,
      downloadsRemaining:
        share.maxDownloads === null ? null : Math.max(0, share.maxDownloads - share.downloadCount),
    }
  }

  /**
   * The share page's props: the share and who sent it (its creator's name;
   * null once that person is gone, and the page names the company alone).
   */
  forPage() {
    return { ...this.toObject(), senderName: this.resource.createdBy?.displayName ?? null }
  }
}
