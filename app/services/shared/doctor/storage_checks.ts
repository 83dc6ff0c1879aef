import { randomUUID } from 'node:crypto'
import { Disk } from '@adonisjs/drive'
import { S3Driver } from '@adonisjs/drive/drivers/s3'
import { objectStoreSettings } from '#config/transfer'
import { errorName } from '#services/shared/health/health_check'
import { minFreeBytes, probeFolder, storagePlaces } from '#services/shared/health/storage_check'
import { failed, ok, skipped, type DoctorCheck } from '#services/shared/doctor/doctor_check'
import { setting } from '#services/shared/doctor/configuration_checks'

const MB = 1024 ** 2

function megabytes(bytes: number) {
  return `${Math.floor(bytes / MB).toLocaleString('en')} MB`
}

/** The setting that puts this app's files in the bucket. */
function diskSetting() {
  return setting('APP_ID') === 'schedule' ? 'SCHEDULE_DISK' : 'TRANSFER_DISK'
}

/** Each folder the app writes its files to takes a probe file (GET /readyz's probe). */
export const storageWritableCheck: DoctorCheck = {
  area: 'storage',
  name: 'Files folders writable',
  async run() {
    const { folders, bucket } = storagePlaces()
    if (bucket) {
      return skipped(`files are in the object store (${diskSetting()}=s3)`)
    }
    for (const folder of folders) {
      const probe = await probeFolder(folder)
      if ('problem' in probe) {
        return failed(
          `${probe.problem}: ${folder.path}`,
          `let the app's user write there (chown it to that user), or point ${folder.role === 'files' && setting('APP_ID') === 'schedule' ? 'DRIVE_PRIVATE_FS_ROOT' : 'DRIVE_FS_ROOT'} at a folder it may write to`
        )
      }
    }
    return ok(folders.map((folder) => folder.path).join(', '))
  },
}

/** Room left where the files go: READYZ_MIN_FREE_BYTES, below which /readyz fails too. */
export const freeSpaceCheck: DoctorCheck = {
  area: 'storage',
  name: 'Free space',
  async run() {
    const { folders, bucket } = storagePlaces()
    if (bucket) {
      return skipped('the object store has no free space to check')
    }
    const wanted = minFreeBytes()
    let tightest: { path: string; freeBytes: number } | null = null
    for (const folder of folders) {
      const probe = await probeFolder(folder)
      if ('problem' in probe) {
        return skipped(`the ${folder.role} folder is not writable (see above)`)
      }
      if (!tightest || probe.freeBytes < tightest.freeBytes) {
        tightest = { path: folder.path, freeBytes: probe.freeBytes }
      }
    }
    if (!tightest) {
      return skipped('no folder to check')
    }
    if (tightest.freeBytes < wanted) {
      return failed(
        `${megabytes(tightest.freeBytes)} free for ${tightest.path}, below ${megabytes(wanted)} (READYZ_MIN_FREE_BYTES)`,
        'free space on that disk (old uploads, logs, backups) or give it a larger one'
      )
    }
    return ok(`${megabytes(tightest.freeBytes)} free (at least ${megabytes(wanted)} wanted)`)
  },
}

/** What to do when the bucket refused the probe this way. */
function bucketFix(code: string, bucket: string) {
  if (code === 'NoSuchBucket') {
    return `create the bucket ${bucket}, or correct OBJSTORE_BUCKET_NAME`
  }
  if (/^(InvalidAccessKeyId|SignatureDoesNotMatch|AccessDenied|Forbidden)$/.test(code)) {
    return 'check OBJSTORE_ACCESS_KEY_ID and OBJSTORE_SECRET_ACCESS_KEY: the key needs read and write on the bucket'
  }
  return 'check OBJSTORE_ENDPOINT (or OBJSTORE_ACCOUNT_ID for R2) and that this machine reaches it'
}

/**
 * With TRANSFER_DISK or SCHEDULE_DISK=s3: the OBJSTORE_* bucket, reached
 * through the drive's S3 driver as the app reaches it, takes a probe object
 * and gives it up again.
 */
export const bucketCheck: DoctorCheck = {
  area: 'storage',
  name: 'S3 bucket reachable',
  async run() {
    if (setting('APP_ID') === 'sso') {
      return skipped('sso keeps its files on the local disk')
    }
    if (setting(diskSetting()) !== 's3') {
      return skipped(`files are on the local disk (${diskSetting()} is not s3)`)
    }
    const settings = objectStoreSettings()
    const where = `${settings.bucket} at ${settings.endpoint ?? 'the default endpoint'}`
    const disk = new Disk(
      new S3Driver({ ...settings, forcePathStyle: true, visibility: 'private', maxAttempts: 1 })
    )
    const key = `doctor-probes/${randomUUID()}`
    try {
      await disk.put(key, 'ok')
      await disk.delete(key)
    } catch (error) {
      const code = errorName(error)
      return failed(
        `the bucket ${where} did not take a probe object (${code})`,
        bucketFix(code, settings.bucket)
      )
    }
    return ok(`${where} takes and gives up objects`)
  },
}

export const storageChecks = [storageWritableCheck, freeSpaceCheck, bucketCheck]
