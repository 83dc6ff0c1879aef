import { inject } from '@adonisjs/core'
import PublicUpload from '#models/transfer/public_upload'
import { UploadStorage, createUploadStorage } from '#services/transfer/upload_storage'

/**
 * Removes an upload: first its bytes, then its row (shares go with it, logs
 * keep their copy of the file name). Storage first, so a crash in between
 * leaves a row whose removal is simply retried, never an orphaned file.
 */
@inject()
export class UploadRemoval {
  constructor(protected storage: UploadStorage) {}

  async remove(upload: PublicUpload) {
    // An upload made while the other disk was configured is removed from that disk.
    const storage =
      upload.disk === this.storage.disk ? this.storage : createUploadStorage(upload.disk)
    await storage.remove(upload.storageKey)
    await PublicUpload.query().where('id', upload.id).delete()
  }
}
