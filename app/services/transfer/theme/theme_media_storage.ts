import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3'
import {
  S3UploadStorage,
  type ByteRange,
  type UploadStorage,
} from '#services/transfer/upload_storage'
import { sizeOrMissing } from '#services/transfer/storage_failures'

/** Storage names are ours (a uuid, or a SHA-256 with its extension): nothing else gets through. */
const KEY = /^(originals\/[0-9a-f-]{36}|[0-9a-f]{64}\.(avif|webp|jpg|mp4|webm))$/

function checked(key: string) {
  if (!KEY.test(key)) {
    throw new Error(`Refusing a theme media key of unexpected form: ${key}`)
  }
  return key
}

/**
 * Theme media live on the same disk as uploads (spec 2: files are held in
 * object storage): under `theme-media/` beside `public-uploads/` on the fs
 * disk, under the `theme-media/` prefix of the bucket on S3. Processed files
 * are named by their content's SHA-256, so a name never changes meaning and
 * browsers may keep them for a year.
 */
export abstract class ThemeMediaStorage {
  abstract put(key: string, sourcePath: string, type: string): Promise<void>
  abstract read(key: string, range?: ByteRange): Promise<Readable>
  /** null when the file is not there; a StorageUnavailableError when the disk fails. */
  abstract size(key: string): Promise<number | null>
  abstract remove(key: string): Promise<void>

  /** A copy of a stored file on the local disk (ffmpeg and sharp read local files). */
  async copyTo(key: string, destination: string) {
    await pipeline(await this.read(key), createWriteStream(destination))
  }

  static on(uploads: UploadStorage, fsRoot: string): ThemeMediaStorage {
    return uploads instanceof S3UploadStorage
      ? new S3ThemeMediaStorage(uploads)
      : new FsThemeMediaStorage(fsRoot)
  }
}

export class FsThemeMediaStorage extends ThemeMediaStorage {
  constructor(readonly directory: string) {
    super()
  }

  path(key: string) {
    return join(this.directory, checked(key))
  }

  async put(key: string, sourcePath: string) {
    const target = this.path(key)
    await mkdir(dirname(target), { recursive: true })
    // Written beside the target and renamed: a reader never sees half a file.
    const partial = `${target}.${process.pid}.partial`
    await pipeline(createReadStream(sourcePath), createWriteStream(partial))
    await rename(partial, target)
  }

  async read(key: string, range?: ByteRange) {
    return createReadStream(this.path(key), range ? { start: range.start, end: range.end } : {})
  }

  async size(key: string) {
    return sizeOrMissing(async () => {
      const info = await stat(this.path(key))
      return info.size
    })
  }

  async remove(key: string) {
    await rm(this.path(key), { force: true })
  }
}

export class S3ThemeMediaStorage extends ThemeMediaStorage {
  constructor(readonly uploads: S3UploadStorage) {
    super()
  }

  #object(key: string) {
    return { Bucket: this.uploads.options.bucket, Key: `theme-media/${checked(key)}` }
  }

  async put(key: string, sourcePath: string, type: string) {
    const { size } = await stat(sourcePath)
    await this.uploads.client.send(
      new PutObjectCommand({
        ...this.#object(key),
        Body: createReadStream(sourcePath),
        ContentLength: size,
        ContentType: type,
      })
    )
  }

  async read(key: string, range?: ByteRange) {
    const object = await this.uploads.client.send(
      new GetObjectCommand({
        ...this.#object(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      })
    )
    return object.Body as Readable
  }

  async size(key: string) {
    return sizeOrMissing(async () => {
      const head = await this.uploads.client.send(new HeadObjectCommand(this.#object(key)))
      return head.ContentLength ?? 0
    })
  }

  async remove(key: string) {
    await this.uploads.client.send(new DeleteObjectCommand(this.#object(key)))
  }
}
