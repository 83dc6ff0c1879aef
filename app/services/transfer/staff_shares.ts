import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import PublicUpload from '#models/transfer/public_upload'
import StaffShare from '#models/transfer/staff_share'
import User from '#models/transfer/user'
import { sharePasswords } from '#services/transfer/share_passwords'
import StaffShareTransformer from '#transformers/transfer/staff_share_transformer'
import { TransferMailer, formatBytes } from '#services/transfer/transfer_mailer'
import { TransferSettings } from '#services/transfer/transfer_settings'
import { singleLineProblem } from '#validators/shared/free_text'

/** The share fields staff set; absent ones keep their value on update. */
export type ShareChanges = {
  password?: string | null
  expiresAt?: Date | null
  expiresInDays?: number | null
  maxDownloads?: number | null
  title?: string | null
  message?: string | null
  recipientEmails?: string[]
  notifyOnDownload?: boolean
}

/** Only a finished upload can be shared (a partial file would download truncated). */
export class UploadNotShareableError extends Error {
  constructor() {
    super('Only a finished upload can be shared')
  }
}

export class UploadNotFoundError extends Error {
  constructor() {
    super('Upload not found')
  }
}

/** Why a share no longer hands out downloads, or null while it does. */
export function shareClosedReason(share: StaffShare) {
  if (share.expiresAt && share.expiresAt <= DateTime.now()) {
    return 'This share has expired'
  }
  if (share.maxDownloads !== null && share.downloadCount >= share.maxDownloads) {
    return 'This share has reached its download limit'
  }
  return null
}

/** The public link of a share: `/s/<token>` on the given origin. */
export function shareUrl(token: string, baseUrl: string) {
  return new URL(`/s/${token}`, baseUrl).toString()
}

/**
 * Staff shares (spec 2: POST, PUT, GET, DELETE /api/staff-shares). A share
 * links to one finished upload by a random token; the password rules live in
 * `sharePasswords`.
 */
export class StaffShares {
  constructor(
    protected settings = new TransferSettings(),
    protected mailer = new TransferMailer()
  ) {}

  /**
   * Creates a share and tells its recipients. Without an expiry in the
   * request, the `share_default_expiry_days` setting applies (0: none).
   */
  async create(uploadId: string, changes: ShareChanges, creatorId: string | null, baseUrl: string) {
    const upload = await PublicUpload.find(uploadId)
    if (!upload) {
      throw new UploadNotFoundError()
    }
    if (upload.status !== 'complete') {
      throw new UploadNotShareableError()
    }
    // The session may outlive the person's account; the share then has no creator.
    const creator = creatorId ? await User.find(creatorId) : null
    const expiry =
      changes.expiresAt === undefined && changes.expiresInDays === undefined
        ? { expiresInDays: await this.settings.get('share_default_expiry_days') }
        : changes

    const share = new StaffShare()
    share.fill({
      token: randomBytes(32).toString('base64url'),
      uploadId: upload.id,
      createdByUserId: creator?.id ?? null,
      title: null,
      message: null,
      password: null,
      passwordHash: null,
      expiresAt: null,
      maxDownloads: null,
      downloadCount: 0,
      lastDownloadedAt: null,
      recipientEmails: [],
      notifyOnDownload: false,
    })
    await this.apply(share, { ...changes, ...this.expiryOf(expiry) })
    await share.save()
    await this.load(share)

    if (share.recipientEmails.length > 0) {
      await this.mailer.send('share_notification', share.recipientEmails, {
        senderName: creator?.displayName ?? (await this.settings.get('site_name')),
        fileName: upload.fileName,
        fileSize: formatBytes(upload.size),
        shareUrl: shareUrl(share.token, baseUrl),
        expiresAt: share.expiresAt?.toUTC().toFormat("d LLL yyyy, HH:mm 'UTC'") ?? 'never',
        message: share.message ?? '',
      })
    }
    return share
  }

  async update(id: string, changes: ShareChanges) {
    const share = await StaffShare.find(id)
    if (!share) {
      return null
    }
    await this.apply(share, { ...changes, ...this.expiryOf(changes) })
    await share.save()
    await this.load(share)
    return share
  }

  /** Newest first; with `uploadId`, only the shares of that upload. */
  async list(filter: { uploadId?: string } = {}) {
    const query = StaffShare.query()
    if (filter.uploadId) {
      query.where('upload_id', filter.uploadId)
    }
    return query
      .preload('upload')
      .preload('createdBy')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
  }

  async find(id: string) {
    const share = await StaffShare.find(id)
    if (share) {
      await this.load(share)
    }
    return share
  }

  async findByToken(token: string) {
    // A link mangled into control characters names no share (and PostgreSQL would refuse a NUL).
    if (singleLineProblem(token)) {
      return null
    }
    return StaffShare.query().where('token', token).preload('upload').preload('createdBy').first()
  }

  /** Revokes a share; its download log entries stay. */
  async delete(id: string) {
    const deleted = await StaffShare.query().where('id', id).delete()
    return Number(deleted[0] ?? 0) > 0
  }

  /** What staff see of a share, for callers outside HTTP (Ace commands, demo data). */
  view(share: StaffShare, baseUrl: string) {
    return new StaffShareTransformer(share, baseUrl).toObject()
  }

  /** `expiresAt` wins over `expiresInDays`; 0 days or null means no expiry. */
  protected expiryOf(changes: Pick<ShareChanges, 'expiresAt' | 'expiresInDays'>) {
    if (changes.expiresAt !== undefined) {
      return { expiresAt: changes.expiresAt }
    }
    if (changes.expiresInDays !== undefined) {
      return {
        expiresAt: changes.expiresInDays
          ? DateTime.now().plus({ days: changes.expiresInDays })
          : null,
      }
    }
    return {}
  }

  protected async apply(
    share: StaffShare,
    changes: Omit<ShareChanges, 'expiresAt'> & { expiresAt?: Date | DateTime | null }
  ) {
    if (changes.password !== undefined) {
      // A non-empty password replaces both columns; '' or null clears both.
      share.merge(await sharePasswords.seal(changes.password))
    }
    if (changes.expiresAt !== undefined) {
      share.expiresAt =
        changes.expiresAt instanceof Date
          ? DateTime.fromJSDate(changes.expiresAt)
          : changes.expiresAt
    }
    for (const key of ['maxDownloads', 'title', 'message', 'notifyOnDownload'] as const) {
      if (changes[key] !== undefined) {
        share.merge({ [key]: changes[key] === '' ? null : changes[key] })
      }
    }
    if (changes.recipientEmails !== undefined) {
      share.recipientEmails = [
        ...new Set(changes.recipientEmails.map((email) => email.toLowerCase())),
      ]
    }
  }

  protected async load(share: StaffShare) {
    await share.load((loader) => loader.load('upload').load('createdBy'))
  }
}
