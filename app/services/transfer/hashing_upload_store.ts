import { pipeline, type Readable } from 'node:stream'
import { DataStore, ERRORS, type Upload } from '@tus/utils'
import PublicUpload from '#models/transfer/public_upload'
import { type UploadContentHash, runningHashes } from '#services/transfer/upload_content_hash'

/**
 * The disk's tus store with hashing on the way in: every byte a PATCH writes
 * passes through the upload's SHA-256 first (see UploadContentHash).
 *
 * Two of the inner store's extensions are withheld. Deferred length would let
 * a client start without declaring a size, and transfer enforces the declared
 * one. tus' expiration counts from creation, so a slow 50 GB upload would
 * expire while still moving; transfer instead removes a partial upload after
 * a day without progress (`updated_at`).
 */
export class HashingUploadStore extends DataStore {
  constructor(
    protected inner: DataStore,
    protected hashes: UploadContentHash
  ) {
    super()
    this.extensions = inner.extensions.filter(
      (extension) => extension !== 'creation-defer-length' && extension !== 'expiration'
    )
  }

  create(upload: Upload) {
    return this.inner.create(upload)
  }

  remove(id: string) {
    runningHashes.forget(id)
    return this.inner.remove(id)
  }

  getUpload(id: string) {
    return this.inner.getUpload(id)
  }

  declareUploadLength(id: string, length: number) {
    return this.inner.declareUploadLength(id, length)
  }

  getExpiration() {
    return 0
  }

  async write(readable: Readable, id: string, offset: number) {
    const upload = await PublicUpload.findBy('storageKey', id)
    if (!upload) {
      throw ERRORS.FILE_NOT_FOUND
    }
    const write = await this.hashes.begin(upload, offset)
    // pipeline, not pipe: an aborted request must end the store's write too.
    const hashed = pipeline(readable, write.stream(), () => {})
    const storedOffset = await this.inner.write(hashed, id, offset)
    await write.settle(storedOffset)
    return storedOffset
  }
}
