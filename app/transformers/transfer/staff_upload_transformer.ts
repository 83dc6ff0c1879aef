import { BaseTransformer } from '@adonisjs/core/transformers'
import type PublicUpload from '#models/transfer/public_upload'

/**
 * An upload as staff list it (spec 2: GET /api/public-uploads). `shareCount`
 * comes from the list query's `share_count` column.
 */
export default class StaffUploadTransformer extends BaseTransformer<PublicUpload> {
  toObject() {
    const upload = this.resource
    return {
      id: upload.id,
      fileName: upload.fileName,
      mimeType: upload.mimeType,
      size: upload.size,
      receivedBytes: upload.receivedBytes,
      status: upload.status,
      uploaderName: upload.uploaderName,
      uploaderEmail: upload.uploaderEmail,
      message: upload.message,
      sha256: upload.contentSha256,
      hashStatus: upload.hashStatus,
      backupStatus: upload.backupStatus,
      /** Bytes the backup provider holds (the whole size once `done`). */
      backupBytesDone: upload.backupBytesDone,
      backupPath: upload.backupPath,
      backupError: upload.backupError,
      createdAt: upload.createdAt.toISO()!,
      completedAt: upload.completedAt?.toISO() ?? null,
      expiresAt: upload.expiresAt?.toISO() ?? null,
      shareCount: Number(upload.$extras.share_count ?? 0),
    }
  }

  /**
   * A row of the uploads page: also when the hourly cleanup will delete the
   * file (`deletesAt`, null when it is kept), which is later than its own
   * expiry while a live share still offers it; `keptByShare` when a share
   * without an end keeps it for now. Needs the list query's page columns.
   */
  forUploadsPage() {
    const upload = this.resource
    const keptByShare = upload.expiresAt !== null && Number(upload.$extras.open_share_count) > 0
    const lastShareEnd = upload.$extras.last_share_end
      ? new Date(upload.$extras.last_share_end as Date | string)
      : null
    const expiry = upload.expiresAt?.toJSDate() ?? null
    const deletesAt =
      expiry === null || keptByShare
        ? null
        : lastShareEnd !== null && lastShareEnd > expiry
          ? lastShareEnd
          : expiry
    return { ...this.toObject(), deletesAt: deletesAt?.toISOString() ?? null, keptByShare }
  }

  /** What the new-share form offers: a finished file to pick. */
  forPicker() {
    return this.pick(this.resource, ['id', 'fileName'])
  }
}
