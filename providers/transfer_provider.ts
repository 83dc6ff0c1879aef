import type { ApplicationService } from '@adonisjs/core/types'

/**
 * One UploadStorage per transfer process: the tus stores keep upload state in
 * memory between requests. Tests swap it for the `s3` disk against s3rver.
 * Every app lists this provider; only transfer's processes load the tus and
 * S3 code behind it.
 */
export default class TransferProvider {
  constructor(protected app: ApplicationService) {}

  async boot() {
    if (process.env.APP_ID !== 'transfer') {
      return
    }
    const { UploadStorage, createUploadStorage } = await import('#services/transfer/upload_storage')
    this.app.container.singleton(UploadStorage as any, () => createUploadStorage())
  }
}
