import type { ApplicationService } from '@adonisjs/core/types'
import { UploadStorage, createUploadStorage } from '#services/transfer/upload_storage'

/**
 * One UploadStorage per transfer process: the tus stores keep upload state in
 * memory between requests. Tests swap it for the `s3` disk against s3rver.
 */
export default class TransferProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(UploadStorage as any, () => createUploadStorage())
  }
}
