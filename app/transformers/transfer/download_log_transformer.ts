import { BaseTransformer } from '@adonisjs/core/transformers'
import type { DownloadLogRow } from '#services/transfer/download_logs'

/** One download (spec 2: GET /api/download-logs); `downloadedBy` is the staff member, if any. */
export default class DownloadLogTransformer extends BaseTransformer<DownloadLogRow> {
  toObject() {
    const row = this.resource
    return {
      id: row.id,
      shareId: row.share_id,
      uploadId: row.upload_id,
      fileName: row.file_name,
      downloadedBy: row.downloaded_by_user_id
        ? {
            id: row.downloaded_by_user_id,
            email: row.downloaded_by_email,
            displayName: row.downloaded_by_name,
          }
        : null,
      ip: row.ip,
      browser: row.browser,
      os: row.os,
      deviceType: row.device_type,
      userAgent: row.user_agent,
      downloadedAt: new Date(row.created_at).toISOString(),
    }
  }
}
