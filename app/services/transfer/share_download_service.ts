import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { DownloadGrants } from '#services/transfer/download_grants'
import { describeClient, type Downloader } from '#services/transfer/download_logs'
import { ShareDownloadVisits } from '#services/transfer/share_download_visits'
import { SharePasswordGuard } from '#services/transfer/share_password_guard'
import { sharePasswords } from '#services/transfer/share_passwords'
import { StaffShares, shareClosedReason } from '#services/transfer/staff_shares'
import { TransferMailer } from '#services/transfer/transfer_mailer'

/** A share request that cannot be served, with the status and message the recipient gets. */
export class ShareAccessError extends Error {
  constructor(
    readonly status: 401 | 404 | 410 | 429,
    message: string,
    /** Seconds to wait, for 429. */
    readonly retryAfter = 0
  ) {
    super(message)
  }
}

/**
 * The recipient's side of a share (spec 2: GET /api/share/:token and
 * POST /api/share/:token/download): metadata, the password check with its
 * limits on wrong guesses, the download count and the signed URL.
 */
@inject()
export class ShareDownloadService {
  constructor(
    protected grants: DownloadGrants,
    protected shares: StaffShares,
    protected guard: SharePasswordGuard,
    protected mailer: TransferMailer,
    protected visits: ShareDownloadVisits
  ) {}

  /**
   * The open share for a token; 404 when unknown, 410 once expired or used
   * up. A share used up by the given visit's own download stays open to that
   * visit while its download counts once (see ShareDownloadVisits).
   */
  async open(token: string, visit: string | null = null) {
    const share = await this.shares.findByToken(token)
    if (!share || share.upload.status !== 'complete') {
      throw new ShareAccessError(404, 'Share not found')
    }
    const closed = shareClosedReason(share)
    const expired = share.expiresAt !== null && share.expiresAt <= DateTime.now()
    if (closed && (expired || !(await this.visits.countedLately(share.id, visit)))) {
      throw new ShareAccessError(410, closed)
    }
    return share
  }

  /**
   * A download URL for the share. `visit` (ShareDownloadVisits.visitOf the
   * session id) makes a repeat within the URL's lifetime the same download:
   * a new URL, but no second count, log line or email.
   */
  async download(
    token: string,
    password: string | null | undefined,
    downloader: Downloader,
    baseUrl: string,
    visit: string | null = null
  ) {
    const share = await this.open(token, visit)
    if (share.passwordHash) {
      const check = await this.guard.check(downloader.ip, () =>
        sharePasswords.matches(share, password)
      )
      if ('retryAfter' in check) {
        throw new ShareAccessError(
          429,
          'Too many wrong passwords, please try again later',
          check.retryAfter
        )
      }
      if (!check.matches) {
        throw new ShareAccessError(401, 'Incorrect password')
      }
    }

    const signed = await this.grants.signedUrl(share.upload, baseUrl)
    const downloadCount = await this.claimDownload(share.id, visit)
    if (downloadCount === 'repeat') {
      return signed
    }
    if (downloadCount === null) {
      // Another request took the last download (or the share expired) since `open`.
      throw new ShareAccessError(
        410,
        shareClosedReason(share) ?? 'This share has reached its download limit'
      )
    }
    await this.grants.record(share.upload, downloader, share.id)
    if (share.notifyOnDownload && share.createdBy) {
      const client = describeClient(downloader.userAgent)
      await this.mailer.send('download_notification', share.createdBy.email, {
        fileName: share.upload.fileName,
        ip: downloader.ip,
        browser: [client.browser, client.os].filter(Boolean).join(' on ') || 'unknown browser',
        downloadedAt: DateTime.utc().toFormat("d LLL yyyy, HH:mm 'UTC'"),
        downloadCount,
      })
    }
    return signed
  }

  /**
   * Counts one download in a conditional UPDATE, so concurrent requests can
   * never take a share past its limit or its expiry. The share's row stays
   * locked until the visit is noted, so two requests of one visit take turns
   * and the second sees the first's count. Returns the new count, 'repeat'
   * for a visit counted lately, or null when nothing was left to take.
   */
  protected async claimDownload(shareId: string, visit: string | null) {
    return db.transaction(async (trx) => {
      if (visit) {
        await trx.rawQuery('SELECT 1 FROM staff_shares WHERE id = ? FOR UPDATE', [shareId])
        if (await this.visits.countedLately(shareId, visit, trx)) {
          return 'repeat' as const
        }
      }
      const result = await trx.rawQuery(
        `UPDATE staff_shares
            SET download_count = download_count + 1, last_downloaded_at = now(), updated_at = now()
          WHERE id = ?
            AND (max_downloads IS NULL OR download_count < max_downloads)
            AND (expires_at IS NULL OR expires_at > now())
          RETURNING download_count`,
        [shareId]
      )
      const row = result.rows[0] as { download_count: number } | undefined
      if (!row) {
        return null
      }
      if (visit) {
        await this.visits.remember(shareId, visit, trx)
      }
      return Number(row.download_count)
    })
  }
}
