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
      createdAt: upload.createdAt.toISO()!,
      completedAt: upload.completedAt?.toISO() ?? null,
      expiresAt: upload.expiresAt?.toISO() ?? null,
      shareCount: Number(upload.$extras.share_count ?? 0),
    }
  }

  /** What the new-share form offers: a finished file to pick. */
  forPicker() {
    return this.pick(this.resource, ['id', 'fileName'])
  }
}
