import { createHash } from 'node:crypto'
import string from '@adonisjs/core/helpers/string'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { transferConfig } from '#config/transfer'

/**
 * The recipients' visits whose download of a share was counted lately. A
 * visit is one browser session; within the lifetime of the download URL it
 * was handed, asking again (Enter in the password field, then a click on
 * Download) is the same download, so it is neither counted nor logged twice.
 * Only a hash of the session id is stored: the id itself signs the visitor in.
 */
export class ShareDownloadVisits {
  /** The stored form of a session id, or null for a request without one. */
  static visitOf(sessionId: string | null | undefined) {
    return sessionId ? createHash('sha256').update(sessionId).digest('hex') : null
  }

  protected get windowSeconds() {
    return string.seconds.parse(transferConfig.downloadUrlLifetime)
  }

  /** This visit's download of the share was counted within the window. */
  async countedLately(
    shareId: string,
    visit: string | null,
    client: TransactionClientContract | typeof db = db
  ) {
    if (!visit) {
      return false
    }
    const row = await client
      .from('share_download_visits')
      .where('share_id', shareId)
      .where('visit_hash', visit)
      .whereRaw('counted_at > now() - make_interval(secs => ?)', [this.windowSeconds])
      .first()
    return Boolean(row)
  }

  /** Notes that this visit's download was counted now, and forgets the share's stale visits. */
  async remember(shareId: string, visit: string, trx: TransactionClientContract) {
    await trx.rawQuery(
      `INSERT INTO share_download_visits (share_id, visit_hash, counted_at) VALUES (?, ?, now())
       ON CONFLICT (share_id, visit_hash) DO UPDATE SET counted_at = now()`,
      [shareId, visit]
    )
    await trx
      .from('share_download_visits')
      .where('share_id', shareId)
      .whereRaw('counted_at <= now() - make_interval(secs => ?)', [this.windowSeconds])
      .delete()
  }
}
