import { inject } from '@adonisjs/core'
import string from '@adonisjs/core/helpers/string'
import { DateTime } from 'luxon'
import { transferConfig } from '#config/transfer'
import type PublicUpload from '#models/transfer/public_upload'
import { DownloadLogs, type Downloader } from '#services/transfer/download_logs'
import { UploadStorage, createUploadStorage } from '#services/transfer/upload_storage'

/**
 * Hands out download URLs: a signed route on the `fs` disk, a presigned URL
 * on `s3`, valid for `transferConfig.downloadUrlLifetime`. Every URL handed
 * out is one line in the download log.
 */
@inject()
export class DownloadGrants {
  constructor(
    protected storage: UploadStorage,
    protected logs: DownloadLogs
  ) {}

  /** The storage holding this upload (it may predate a switch of TRANSFER_DISK). */
  storageFor(upload: Pick<PublicUpload, 'disk'>) {
    return upload.disk === this.storage.disk ? this.storage : createUploadStorage(upload.disk)
  }

  async signedUrl(upload: PublicUpload, baseUrl: string) {
    const lifetime = string.seconds.parse(transferConfig.downloadUrlLifetime)
    return {
      url: await this.storageFor(upload).downloadUrl(upload, baseUrl),
      expiresAt: DateTime.now().plus({ seconds: lifetime }).toISO()!,
    }
  }

  record(upload: PublicUpload, downloader: Downloader, shareId: string | null = null) {
    return this.logs.record({ shareId, uploadId: upload.id, fileName: upload.fileName }, downloader)
  }

  /** A URL for a download that counts against nothing but the log. */
  async grant(upload: PublicUpload, downloader: Downloader, baseUrl: string, shareId?: string) {
    const signed = await this.signedUrl(upload, baseUrl)
    await this.record(upload, downloader, shareId ?? null)
    return signed
  }
}
