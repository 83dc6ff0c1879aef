import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import app from '@adonisjs/core/services/app'
import pg from 'pg'
import { DateTime } from 'luxon'
import PublicUpload from '#models/transfer/public_upload'
import type { UploadStorage } from '#services/transfer/upload_storage'
import {
  ProviderAccessRevoked,
  ProviderOffsetMismatch,
  ProviderSessionGone,
  type ProviderConnection,
} from '#services/transfer/backup/backup_provider'
import { BackupNotConfigured, type BackupSettings } from '#services/transfer/backup/backup_settings'

/**
 * Bytes sent per request. Dropbox takes up to 150 MB a request and advises
 * multiples of 4 MiB; one chunk is the most a backup holds in memory (it is
 * kept to resend it after a token refresh).
 */
export const DEFAULT_CHUNK_BYTES = 32 * 1024 * 1024

/** `busy`: another process is backing this upload up right now. */
export type BackupOutcome = 'done' | 'skipped' | 'failed' | 'busy'

export type BackupProgress = { uploadId: string; bytesDone: number; size: number }

/**
 * Reads a stream as chunks of exactly `size` bytes (the last one shorter):
 * the provider's offsets then advance in the same steps on every run. Every
 * chunk is the same buffer, filled again for the next one (one allocation per
 * run, not one per chunk, which kept the garbage of several chunks alive
 * between collections): use a chunk up before asking for the next.
 */
async function* chunksOf(stream: Readable, size: number): AsyncGenerator<Buffer> {
  const chunk = Buffer.allocUnsafe(size)
  let held = 0
  for await (const data of stream) {
    let rest = data as Buffer
    while (rest.length > 0) {
      const take = Math.min(size - held, rest.length)
      rest.copy(chunk, held, 0, take)
      held += take
      rest = rest.subarray(take)
      if (held === size) {
        yield chunk
        held = 0
      }
    }
  }
  if (held > 0) {
    yield chunk.subarray(0, held)
  }
}

/**
 * Takes the upload for one run, or answers null when another run (a job in
 * any instance, a command) has it: a PostgreSQL advisory lock on a
 * connection of its own. A process that dies drops that connection, and
 * PostgreSQL frees the lock at once, so a restart resumes without waiting.
 */
export async function holdUpload(uploadId: string): Promise<(() => Promise<void>) | null> {
  const client = new pg.Client({
    connectionString: app.config.get<string>(
      'database.connections.postgres.connection.connectionString'
    ),
  })
  await client.connect()
  const key = createHash('sha256').update(`transfer-backup:${uploadId}`).digest().readBigInt64BE(0)
  const { rows } = await client.query<{ held: boolean }>(
    'select pg_try_advisory_lock($1::bigint) as held',
    [key.toString()]
  )
  if (!rows[0].held) {
    await client.end()
    return null
  }
  // Ending the connection frees the lock.
  return () => client.end()
}

/** The provider path of an upload's backup: the day it arrived, then its name. */
export function backupPathOf(folder: string, upload: PublicUpload) {
  const day = (upload.completedAt ?? upload.createdAt).toUTC().toISODate()
  const name = upload.fileName.replaceAll('/', '_') || 'upload'
  return `${folder.replace(/\/+$/, '')}/${day}/${name}`
}

/**
 * Backs one finished upload up to the provider through an upload session,
 * streamed from storage one chunk at a time. The session and the bytes the
 * provider holds are written to the upload after every chunk, so a run that
 * is stopped (a crash, a restart, a failed attempt) continues from the
 * provider's committed offset, never from zero. Running it again for a
 * backed-up upload does nothing.
 */
export class UploadBackup {
  constructor(
    readonly storage: UploadStorage,
    readonly settings: BackupSettings,
    readonly chunkBytes = DEFAULT_CHUNK_BYTES
  ) {}

  async run(
    uploadId: string,
    options: {
      signal?: AbortSignal
      isLastAttempt?: boolean
      onProgress?: (progress: BackupProgress) => void
    } = {}
  ): Promise<BackupOutcome> {
    const found = await PublicUpload.find(uploadId)
    if (!found || found.status !== 'complete' || found.backupStatus === 'done') {
      return 'skipped'
    }
    const release = await holdUpload(uploadId)
    if (!release) {
      return 'busy'
    }
    // Another run may have finished it between the first look and the hold.
    const upload = await PublicUpload.findOrFail(uploadId)
    if (upload.backupStatus === 'done') {
      await release()
      return 'skipped'
    }
    upload.backupStatus = 'uploading'
    upload.backupAttempts += 1
    upload.backupStartedAt ??= DateTime.now()
    await upload.save()

    try {
      const connection = await this.settings.connection()
      const folder = await this.settings.folder()
      await this.#send(upload, connection, options)
      const file = await connection.finishUpload(
        upload.backupSessionId!,
        upload.size,
        backupPathOf(folder, upload)
      )
      upload.merge({
        backupStatus: 'done',
        backupPath: file.path,
        backupSessionId: null,
        backupBytesDone: upload.size,
        backupError: null,
        backupSyncedAt: DateTime.now(),
      })
      await upload.save()
      return 'done'
    } catch (error) {
      const final =
        options.isLastAttempt ||
        error instanceof ProviderAccessRevoked ||
        error instanceof BackupNotConfigured
      if (error instanceof ProviderAccessRevoked) {
        await this.settings.recordProblem(error.message)
      }
      upload.backupError = error instanceof Error ? error.message : String(error)
      if (final) {
        upload.backupStatus = 'failed'
      }
      await upload.save()
      if (final) {
        return 'failed'
      }
      throw error
    } finally {
      await release()
    }
  }

  /** Sends every byte the provider does not hold yet, chunk by chunk. */
  async #send(
    upload: PublicUpload,
    connection: ProviderConnection,
    options: { signal?: AbortSignal; onProgress?: (progress: BackupProgress) => void }
  ) {
    let offset = 0
    if (upload.backupSessionId) {
      try {
        offset = await connection.committedOffset(upload.backupSessionId, upload.backupBytesDone)
      } catch (error) {
        if (!(error instanceof ProviderSessionGone)) throw error
        // The provider dropped the session (they last a week): start the file again.
        upload.backupSessionId = null
      }
    }
    await this.#record(upload, upload.backupSessionId, offset)

    while (offset < upload.size || !upload.backupSessionId) {
      try {
        offset = await this.#sendFrom(upload, connection, offset, options)
      } catch (error) {
        if (!(error instanceof ProviderOffsetMismatch)) throw error
        // The provider holds more (or less) than we thought: continue from there.
        offset = error.correctOffset
        await this.#record(upload, upload.backupSessionId, offset)
      }
    }
  }

  async #sendFrom(
    upload: PublicUpload,
    connection: ProviderConnection,
    from: number,
    options: { signal?: AbortSignal; onProgress?: (progress: BackupProgress) => void }
  ) {
    let offset = from
    if (upload.size === 0) {
      await this.#record(upload, await connection.startUpload(Buffer.alloc(0)), 0)
      return 0
    }
    const stream = await this.storage.read(upload.storageKey, {
      start: from,
      end: upload.size - 1,
    })
    try {
      for await (const chunk of chunksOf(stream, Math.min(this.chunkBytes, upload.size - from))) {
        options.signal?.throwIfAborted()
        if (upload.backupSessionId) {
          await connection.appendUpload(upload.backupSessionId, offset, chunk)
          offset += chunk.length
          await this.#record(upload, upload.backupSessionId, offset)
        } else {
          const sessionId = await connection.startUpload(chunk)
          offset = chunk.length
          await this.#record(upload, sessionId, offset)
        }
        options.onProgress?.({ uploadId: upload.id, bytesDone: offset, size: upload.size })
      }
    } finally {
      stream.destroy()
    }
    return offset
  }

  async #record(upload: PublicUpload, sessionId: string | null, offset: number) {
    upload.backupSessionId = sessionId
    upload.backupBytesDone = offset
    await upload.save()
  }
}
