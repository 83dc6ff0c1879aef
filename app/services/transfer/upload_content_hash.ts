import { Transform } from 'node:stream'
import { createSHA256, type IHasher } from 'hash-wasm'
import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import PublicUpload, { type HashCheckpoint } from '#models/transfer/public_upload'
import { type UploadStorage, createUploadStorage } from '#services/transfer/upload_storage'

/**
 * Hash state is saved every 64 MiB, on absolute boundaries: a multiple of the
 * s3 disk's part size, so an upload resumed at a part boundary after a crash
 * may find a checkpoint exactly there.
 */
export const HASH_CHECKPOINT_BYTES = 64 * 1024 * 1024
const CHECKPOINTS_KEPT = 3

/**
 * The SHA-256 of a public upload, computed while its bytes stream in, so a
 * 50 GB file is never read twice. The hasher's state is saved in the row
 * (`hash_checkpoints`) as the upload progresses; a PATCH at offset X resumes
 * from the newest checkpoint at or before X. On the `fs` disk any gap between
 * that checkpoint and X is read back from the partial file; on the `s3` disk a
 * partial upload cannot be read, so without an exact checkpoint the hash is
 * left for verification: the finished object is read once and hashed.
 */
export class UploadContentHash {
  constructor(protected storage: UploadStorage) {}

  /** Positions a hasher at `offset` for the PATCH about to write there. */
  async begin(upload: PublicUpload, offset: number): Promise<HashedWrite> {
    if (upload.hashStatus !== 'streaming') {
      return new HashedWrite(upload, null, offset, [])
    }
    const usable = upload.hashCheckpoints
      .filter((checkpoint) => checkpoint.offset <= offset)
      .sort((a, b) => a.offset - b.offset)
    const checkpoint = usable.at(-1)
    const hasher = await createSHA256()
    if (checkpoint) {
      hasher.load(Buffer.from(checkpoint.state, 'base64'))
    }
    const from = checkpoint?.offset ?? 0
    if (from < offset) {
      // A partial upload is a plain file only on the fs disk.
      if (this.storage.disk !== 'fs') {
        await saveProgress(upload.id, { hash_status: 'verifying', hash_checkpoints: '[]' })
        upload.hashStatus = 'verifying'
        return new HashedWrite(upload, null, offset, [])
      }
      const gap = await this.storage.read(upload.storageKey, { start: from, end: offset - 1 })
      for await (const chunk of gap) {
        hasher.update(chunk as Buffer)
      }
    }
    return new HashedWrite(upload, hasher, offset, usable)
  }

  /** Hashes the stored file from its first byte: for uploads whose streaming hash was lost. */
  async verify(upload: PublicUpload) {
    const storage =
      upload.disk === this.storage.disk ? this.storage : createUploadStorage(upload.disk)
    try {
      const hasher = await createSHA256()
      for await (const chunk of await storage.read(upload.storageKey)) {
        hasher.update(chunk as Buffer)
      }
      await saveProgress(upload.id, { content_sha256: hasher.digest('hex'), hash_status: 'done' })
    } catch (error) {
      logger.error({ err: error, uploadId: upload.id }, 'hashing a finished upload failed')
      await saveProgress(upload.id, { hash_status: 'failed' })
    }
  }

  /**
   * Hashes finished uploads whose hash is still to be verified (a process
   * stopped while verifying). Safe to run at every start.
   */
  async verifyPending() {
    const pending = await PublicUpload.query()
      .where('status', 'complete')
      .where('hash_status', 'verifying')
    for (const upload of pending) {
      await this.verify(upload)
    }
    return pending.length
  }
}

/**
 * One write request's share of the hash. Bytes pass through `stream()` on
 * their way to storage; `settle` records where the request ended.
 */
export class HashedWrite {
  constructor(
    protected upload: PublicUpload,
    protected hasher: IHasher | null,
    public offset: number,
    protected checkpoints: HashCheckpoint[]
  ) {}

  stream() {
    return new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        this.consume(chunk).then(() => callback(null, chunk), callback)
      },
    })
  }

  /**
   * Called with the offset the store reports after the write. When it differs
   * from what was hashed, the hash cannot be trusted from here on: the
   * checkpoints before this request still can.
   */
  async settle(storedOffset: number) {
    const finished = storedOffset === this.upload.size
    if (this.hasher && storedOffset !== this.offset) {
      this.hasher = null
      if (finished) {
        await saveProgress(this.upload.id, { hash_status: 'verifying', hash_checkpoints: '[]' })
        this.upload.hashStatus = 'verifying'
      }
    }
    if (finished && this.hasher) {
      await saveProgress(this.upload.id, {
        received_bytes: storedOffset,
        content_sha256: this.hasher.digest('hex'),
        hash_status: 'done',
        hash_checkpoints: '[]',
      })
      this.upload.hashStatus = 'done'
      return
    }
    if (this.hasher) {
      await this.checkpoint()
    } else {
      await saveProgress(this.upload.id, { received_bytes: storedOffset })
    }
  }

  protected async consume(chunk: Buffer) {
    let rest = chunk
    while (rest.length > 0) {
      const boundary = (Math.floor(this.offset / HASH_CHECKPOINT_BYTES) + 1) * HASH_CHECKPOINT_BYTES
      const take = Math.min(rest.length, boundary - this.offset)
      this.hasher?.update(rest.subarray(0, take))
      this.offset += take
      rest = rest.subarray(take)
      if (this.offset === boundary) {
        await (this.hasher
          ? this.checkpoint()
          : saveProgress(this.upload.id, { received_bytes: this.offset }))
      }
    }
  }

  /** Saves the hasher's state at the current offset, keeping the newest few. */
  protected async checkpoint() {
    const state = Buffer.from(this.hasher!.save()).toString('base64')
    this.checkpoints = [
      ...this.checkpoints.filter((checkpoint) => checkpoint.offset < this.offset),
      { offset: this.offset, state },
    ].slice(-CHECKPOINTS_KEPT)
    await saveProgress(this.upload.id, {
      received_bytes: this.offset,
      hash_checkpoints: JSON.stringify(this.checkpoints),
    })
  }
}

/**
 * Every save moves updated_at: an upload counts as abandoned only after a
 * day without progress.
 */
function saveProgress(id: string, columns: Record<string, string | number>) {
  return PublicUpload.query()
    .where('id', id)
    .update({ ...columns, updated_at: DateTime.now().toJSDate() })
}
