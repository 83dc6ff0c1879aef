import { BaseTransformer } from '@adonisjs/core/transformers'
import type StaffShare from '#models/transfer/staff_share'
import { sharePasswords } from '#services/transfer/share_passwords'
import { shareClosedReason, shareUrl } from '#services/transfer/staff_shares'

/**
 * What staff see of a share (spec 2: /api/staff-shares), including the
 * readable password (never the hash). Needs the share with `upload` and
 * `createdBy` loaded, and the origin its link is built on.
 */
export default class StaffShareTransformer extends BaseTransformer<StaffShare> {
  constructor(
    resource: StaffShare,
    protected baseUrl: string
  ) {
    super(resource)
  }

  toObject() {
    const share = this.resource
    return {
      id: share.id,
      token: share.token,
      url: shareUrl(share.token, this.baseUrl),
      uploadId: share.uploadId,
      fileName: share.upload.fileName,
      size: share.upload.size,
      title: share.title,
      message: share.message,
      password: sharePasswords.reveal(share),
      hasPassword: share.passwordHash !== null,
      expiresAt: share.expiresAt?.toISO() ?? null,
      maxDownloads: share.maxDownloads,
      downloadCount: share.downloadCount,
      lastDownloadedAt: share.lastDownloadedAt?.toISO() ?? null,
      notifyOnDownload: share.notifyOnDownload,
      recipientEmails: share.recipientEmails,
      createdBy: share.createdBy
        ? {
            id: share.createdBy.id,
            displayName: share.createdBy.displayName,
            email: share.createdBy.email,
          }
        : null,
      createdAt: share.createdAt.toISO()!,
      expired: shareClosedReason(share) !== null,
    }
  }
}
