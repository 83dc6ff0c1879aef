import { mkdir, statfs } from 'node:fs/promises'
import { dirname } from 'node:path'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { transferConfig } from '#config/transfer'
import type { UploadStorage } from '#services/transfer/upload_storage'

/** Why a creation is refused: the status, the `{ error }` text and, for 429, the wait. */
export interface CreationRefusal {
  status: 429 | 507
  error: string
  retryAfter?: number
}

/*
 * Anyone may start an upload, and each may declare up to 50 GB, so creation
 * is limited per client address (creations in a window, unfinished uploads
 * at once) and refused while the store's disk could not take what is
 * already promised. Limits come from the environment (transferConfig).
 */
export class UploadCreationLimits {
  constructor(protected storage: UploadStorage) {}

  /** Null when `ip` may create an upload of `size` bytes now. */
  async refusal(ip: string, size: number): Promise<CreationRefusal | null> {
    const limits = transferConfig.creationLimits
    // Counted and read in one statement: a burst cannot all see room left.
    const counted = await limiter
      .use({ requests: limits.creationsPerIp, duration: limits.window })
      .increment(`upload_create_ip_${ip}`)
    if (counted.consumed > limits.creationsPerIp) {
      return {
        status: 429,
        error: 'Too many uploads started from your address, please try again later',
        retryAfter: Math.max(1, counted.availableIn),
      }
    }
    if ((await this.unfinishedFrom(ip)) >= limits.unfinishedPerIp) {
      return {
        status: 429,
        error: 'Too many unfinished uploads from your address: finish or cancel one first',
        retryAfter: 60,
      }
    }
    // A negative threshold turns the check off (the test runner does, so a
    // test that declares 50 GB does not need 50 GB of free disk).
    const room = limits.minFreeBytes < 0 ? null : await this.roomLeft()
    if (room !== null && room - size < limits.minFreeBytes) {
      return {
        status: 507,
        error: 'The server is short of storage space right now, please try again later',
      }
    }
    return null
  }

  /** Notes where an upload was created from, for the count of unfinished uploads. */
  async noteClient(storageKey: string, ip: string) {
    await db.from('public_uploads').where('storage_key', storageKey).update({ uploader_ip: ip })
  }

  protected async unfinishedFrom(ip: string) {
    const [row] = await db
      .from('public_uploads')
      .where('uploader_ip', ip)
      .where('status', 'uploading')
      .count('* as unfinished')
    return Number(row.unfinished)
  }

  /**
   * Free bytes of the store's disk once every unfinished upload there has
   * arrived; null off the fs disk (object storage has no such bound here).
   */
  protected async roomLeft() {
    const probe = this.storage.localPath('0')
    if (probe === null) {
      return null
    }
    // The store's folder is made on its first use; this may come before.
    const directory = dirname(probe)
    await mkdir(directory, { recursive: true })
    const disk = await statfs(directory)
    const [row] = await db
      .from('public_uploads')
      .where('disk', 'fs')
      .where('status', 'uploading')
      .sum({ promised: db.raw('size - received_bytes') })
    return disk.bavail * disk.bsize - Number(row.promised ?? 0)
  }
}
