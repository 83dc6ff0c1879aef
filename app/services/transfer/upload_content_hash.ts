import { createHash, type Hash } from 'node:crypto'
import { Transform } from 'node:stream'
import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import PublicUpload from '#models/transfer/public_upload'
import { type UploadStorage, createUploadStorage } from '#services/transfer/upload_storage'

/**
 * Progress (`received_bytes`, and with it `updated_at`) is saved at least
 * every 64 MiB during a request, so a long single request still shows the
 * upload alive, besides at the end of every request.
 */
export const PROGRESS_SAVE_BYTES = 64 * 1024 * 1024

/** Running hashes kept between requests; beyond this many the oldest go first. */
const RUNNING_HASHES_KEPT = 1_000

/** Read size when hashing a stored file (the default 64 KiB costs more calls per byte). */
const READ_CHUNK_BYTES = 1024 * 1024

/**
 * The SHA-256 of each upload in progress in this process, between one request
 * and the next, with the offset it has reached. Node's own SHA-256 (OpenSSL)
 * is several times faster than a WebAssembly one but its state cannot be
 * saved, so it lives here: a request at offset X continues the hash found at
 * X. Stored bytes never change once written, so a hash at X stays right for
 * as long as the upload exists.
 */
class RunningHashes {
  #hashes = new Map<string, { hash: Hash; offset: number }>()
  /** Uploads whose hash this process already rebuilt from their stored prefix. */
  #rebuilt = new Set<string>()

  /** The hash of `key` at exactly `offset`, taken out while one request writes. */
  take(key: string, offset: number) {
    const running = this.#hashes.get(key)
    this.#hashes.delete(key)
    return running?.offset === offset ? running.hash : null
  }

  keep(key: string, hash: Hash, offset: number) {
    this.#hashes.set(key, { hash, offset })
    bound(this.#hashes)
  }

  /** Notes a rebuild; false when this process already rebuilt this upload once. */
  firstRebuild(key: string) {
    if (this.#rebuilt.has(key)) {
      return false
    }
    this.#rebuilt.add(key)
    bound(this.#rebuilt)
    return true
  }

  forget(key: string) {
    this.#hashes.delete(key)
    this.#rebuilt.delete(key)
  }

  /** What a restart does to them: tests use it to take the rebuild path. */
  clear() {
    this.#hashes.clear()
    this.#rebuilt.clear()
  }
}

/** Drops the oldest entries (Maps and Sets iterate in insertion order). */
function bound(entries: Map<string, unknown> | Set<string>) {
  for (const key of entries.keys()) {
    if (entries.size <= RUNNING_HASHES_KEPT) {
      return
    }
    entries.delete(key)
  }
}

export const runningHashes = new RunningHashes()

/**
 * The SHA-256 of a public upload, computed while its bytes stream in, so a
 * 50 GB file is not read again when it is complete. Between requests the
 * hash stays in memory (RunningHashes). A request that finds none at its
 * offset (the process restarted, or the previous request went to another
 * instance) rebuilds it: on the `fs` disk by reading the stored prefix once;
 * on the `s3` disk a partial upload cannot be read, so the hash is left for
 * verification: the finished object is read once and hashed. A process that
 * would rebuild the same upload a second time (requests alternating between
 * instances) verifies at the end instead, so no upload is read more than a
 * few times whatever the routing.
 */
export class UploadContentHash {
  constructor(protected storage: UploadStorage) {}

  /** Positions a hash at `offset` for the request about to write there. */
  async begin(upload: PublicUpload, offset: number): Promise<HashedWrite> {
    if (upload.hashStatus !== 'streaming') {
      return new HashedWrite(upload, null, offset)
    }
    const running = runningHashes.take(upload.storageKey, offset)
    if (running) {
      return new HashedWrite(upload, running, offset)
    }
    if (offset === 0) {
      return new HashedWrite(upload, createHash('sha256'), offset)
    }
    // A partial upload is a plain file only on the fs disk.
    if (this.storage.disk !== 'fs' || !runningHashes.firstRebuild(upload.storageKey)) {
      await saveProgress(upload.id, { hash_status: 'verifying' })
      upload.hashStatus = 'verifying'
      return new HashedWrite(upload, null, offset)
    }
    const hash = createHash('sha256')
    const prefix = await this.storage.read(
      upload.storageKey,
      { start: 0, end: offset - 1 },
      { chunkBytes: READ_CHUNK_BYTES }
    )
    for await (const chunk of prefix) {
      hash.update(chunk as Buffer)
    }
    return new HashedWrite(upload, hash, offset)
  }

  /** Hashes the stored file from its first byte: for uploads whose streaming hash was lost. */
  async verify(upload: PublicUpload) {
    const storage =
      upload.disk === this.storage.disk ? this.storage : createUploadStorage(upload.disk)
    try {
      const hash = createHash('sha256')
      for await (const chunk of await storage.read(upload.storageKey, undefined, {
        chunkBytes: READ_CHUNK_BYTES,
      })) {
        hash.update(chunk as Buffer)
      }
      await saveProgress(upload.id, { content_sha256: hash.digest('hex'), hash_status: 'done' })
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
 * their way to storage (hashing one chunk while the disk writes the one
 * before); `settle` records where the request ended.
 */
export class HashedWrite {
  /** Progress saves under way, awaited by `settle`; the bytes do not wait for them. */
  #saving: Promise<unknown> = Promise.resolve()

  constructor(
    protected upload: PublicUpload,
    protected hash: Hash | null,
    public offset: number
  ) {}

  stream() {
    return new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        this.hash?.update(chunk)
        const before = this.offset
        this.offset += chunk.length
        if (
          Math.floor(before / PROGRESS_SAVE_BYTES) !== Math.floor(this.offset / PROGRESS_SAVE_BYTES)
        ) {
          this.#save({ received_bytes: this.offset })
        }
        callback(null, chunk)
      },
    })
  }

  /**
   * Called with the offset the store reports after the write. When it differs
   * from what was hashed, the hash cannot be trusted from here on and is
   * dropped; the next request rebuilds it or leaves it for verification.
   */
  async settle(storedOffset: number) {
    await this.#saving
    const finished = storedOffset === this.upload.size
    if (this.hash && storedOffset !== this.offset) {
      this.hash = null
      if (finished) {
        await saveProgress(this.upload.id, { hash_status: 'verifying' })
        this.upload.hashStatus = 'verifying'
      }
    }
    if (finished && this.hash) {
      await saveProgress(this.upload.id, {
        received_bytes: storedOffset,
        content_sha256: this.hash.digest('hex'),
        hash_status: 'done',
      })
      this.upload.hashStatus = 'done'
      runningHashes.forget(this.upload.storageKey)
      return
    }
    if (this.hash) {
      runningHashes.keep(this.upload.storageKey, this.hash, storedOffset)
    }
    await saveProgress(this.upload.id, { received_bytes: storedOffset })
  }

  /** A progress save in the background; a failed one is logged, the next one catches up. */
  #save(columns: Record<string, string | number>) {
    this.#saving = this.#saving
      .then(() => saveProgress(this.upload.id, columns))
      .catch((error) =>
        logger.warn({ err: error, uploadId: this.upload.id }, 'saving progress failed')
      )
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
