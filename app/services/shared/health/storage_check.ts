import { randomUUID } from 'node:crypto'
import { mkdir, rm, statfs, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import drive from '@adonisjs/drive/services/main'
import { driveRoots } from '#config/drive'
import { transferConfig } from '#config/transfer'
import env from '#start/env'
import { errorName, type HealthCheck } from '#services/shared/health/health_check'

const MB = 1024 ** 2

/** A folder the app writes to, named for the body by what it holds (never by its path). */
export type Folder = { role: string; path: string }

/**
 * Where this app writes its files: folders of the fs disks, or the object
 * store's bucket when the app keeps its files there (TRANSFER_DISK,
 * SCHEDULE_DISK).
 */
export function storagePlaces(): { folders: Folder[]; bucket: boolean } {
  switch (env.get('APP_ID')) {
    case 'sso':
      return { folders: [{ role: 'files', path: driveRoots.public }], bucket: false }
    case 'transfer':
      // Read now rather than from transferConfig: `node ace doctor`'s tests switch it.
      return (env.get('TRANSFER_DISK') ?? 'fs') === 's3'
        ? { folders: [], bucket: true }
        : {
            folders: [
              { role: 'uploads', path: transferConfig.fs.directory },
              { role: 'theme media', path: transferConfig.theme.fsDirectory },
            ],
            bucket: false,
          }
    case 'schedule':
      return env.get('SCHEDULE_DISK') === 's3'
        ? { folders: [], bucket: true }
        : { folders: [{ role: 'files', path: driveRoots.private }], bucket: false }
  }
}

/**
 * The app can write its files: a small probe file written and removed in each
 * folder it writes to, with at least READYZ_MIN_FREE_BYTES (100 MB) free
 * there; on the object store, a probe object put and deleted.
 */
export class StorageCheck implements HealthCheck {
  readonly name = 'storage'

  async run() {
    const { folders, bucket } = storagePlaces()
    if (bucket) {
      return this.#probeBucket()
    }
    const wanted = minFreeBytes()
    let freeBytes = Number.POSITIVE_INFINITY
    for (const folder of folders) {
      const probe = await probeFolder(folder)
      if ('problem' in probe) {
        return probe.problem
      }
      freeBytes = Math.min(freeBytes, probe.freeBytes)
    }
    const details = { freeBytes, minFreeBytes: wanted }
    if (freeBytes < wanted) {
      return { problem: `only ${freeBytes} bytes free, below ${wanted}`, details }
    }
    return { problem: null, details }
  }

  async #probeBucket() {
    const disk = drive.use('s3')
    const key = `readyz-probes/${randomUUID()}`
    try {
      await disk.put(key, 'ok')
      await disk.delete(key)
      return null
    } catch (error) {
      return `the object store did not take a probe object (${errorName(error)})`
    }
  }
}

/** The free bytes below which a folder counts as full (READYZ_MIN_FREE_BYTES, 100 MB). */
export function minFreeBytes() {
  return Number(env.get('READYZ_MIN_FREE_BYTES') ?? 100 * MB)
}

/**
 * Writes and removes a small probe file in a folder (creating the folder if
 * need be); its free bytes, or why it cannot be written to.
 */
export async function probeFolder(
  folder: Folder
): Promise<{ freeBytes: number } | { problem: string }> {
  try {
    await mkdir(folder.path, { recursive: true })
    const probe = join(folder.path, `.readyz-${randomUUID()}`)
    await writeFile(probe, 'ok')
    await rm(probe, { force: true })
    const disk = await statfs(folder.path)
    return { freeBytes: disk.bavail * disk.bsize }
  } catch (error) {
    return { problem: `the ${folder.role} folder is not writable (${errorName(error)})` }
  }
}
