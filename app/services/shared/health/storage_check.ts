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
type Folder = { role: string; path: string }

/**
 * Where this app writes its files: folders of the fs disks, or the object
 * store's bucket when the app keeps its files there (TRANSFER_DISK,
 * SCHEDULE_DISK).
 */
function storagePlaces(): { folders: Folder[]; bucket: boolean } {
  switch (env.get('APP_ID')) {
    case 'sso':
      return { folders: [{ role: 'files', path: driveRoots.public }], bucket: false }
    case 'transfer':
      return transferConfig.disk === 's3'
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
    const minFreeBytes = env.get('READYZ_MIN_FREE_BYTES') ?? 100 * MB
    let freeBytes = Number.POSITIVE_INFINITY
    for (const folder of folders) {
      try {
        await mkdir(folder.path, { recursive: true })
        const probe = join(folder.path, `.readyz-${randomUUID()}`)
        await writeFile(probe, 'ok')
        await rm(probe, { force: true })
        const disk = await statfs(folder.path)
        freeBytes = Math.min(freeBytes, disk.bavail * disk.bsize)
      } catch (error) {
        return `the ${folder.role} folder is not writable (${errorName(error)})`
      }
    }
    const details = { freeBytes, minFreeBytes }
    if (freeBytes < minFreeBytes) {
      return { problem: `only ${freeBytes} bytes free, below ${minFreeBytes}`, details }
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
