import { Exception } from '@adonisjs/core/exceptions'

/**
 * Whether a storage call failed because the file is not there: the fs disk's
 * ENOENT, S3's NoSuchKey (GET) or NotFound (HEAD, which has no body to name
 * it). Anything else (a disk that cannot be read, a store that does not
 * answer) is the storage failing, not a missing file.
 */
export function isMissingFile(error: unknown) {
  const failure = error as {
    code?: string
    name?: string
    $metadata?: { httpStatusCode?: number }
  } | null
  return (
    failure?.code === 'ENOENT' ||
    failure?.name === 'NoSuchKey' ||
    failure?.name === 'NotFound' ||
    failure?.$metadata?.httpStatusCode === 404
  )
}

/**
 * The storage holding the files failed: a 503 the client may retry (transfer's
 * `{ error }` body), logged with its cause as every 5xx is.
 */
export class StorageUnavailableError extends Exception {
  static status = 503
  static code = 'E_STORAGE_UNAVAILABLE'
  // The message is ours, written for the client (the exception handler shows it).
  expose = true

  constructor(cause: unknown) {
    super('The file storage is unavailable, please try again later', { cause })
  }
}

/** A file's size from `stat`, null when it is missing; any other failure is a StorageUnavailableError. */
export async function sizeOrMissing(stat: () => Promise<number>) {
  try {
    return await stat()
  } catch (error) {
    if (isMissingFile(error)) {
      return null
    }
    throw new StorageUnavailableError(error)
  }
}
