import { createHash } from 'node:crypto'
import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { Session } from '@adonisjs/session'
import type { Infer } from '@vinejs/vine/types'
import { DateTime } from 'luxon'
import PublicUpload from '#models/transfer/public_upload'
import { BackupQueue } from '#services/transfer/backup/backup_queue'
import { EmailVerification } from '#services/transfer/email_verification'
import { TransferSettings } from '#services/transfer/transfer_settings'
import { UploadAlerts } from '#services/transfer/upload_alerts'
import { UploadContentHash } from '#services/transfer/upload_content_hash'
import { uploadOwnership } from '#services/transfer/upload_ownership'
import { UploadStorage, safeFileName } from '#services/transfer/upload_storage'
import type { publicUploadMetadataValidator } from '#validators/transfer/public_upload_validators'

type UploadMetadata = Infer<typeof publicUploadMetadataValidator>

/** What the creation request says about the upload, before tus gives it an id. */
export type UploadCreation = {
  fileName: string
  mimeType: string
  uploaderName: string | null
  uploaderEmail: string | null
  message: string | null
  ownerKeyHash: string
  uploadedByUserId: string | null
  /** Set once the row exists, so a creation that fails afterwards can take it back. */
  storageKey?: string
}

/**
 * The life of a public upload's row around the tus protocol: created with the
 * tus creation request, owned by the visitor's session, completed (with its
 * hash, expiry and the staff alert) when the last byte lands.
 */
@inject()
export class PublicUploadIntake {
  protected verification = new EmailVerification()
  protected settings = new TransferSettings()
  protected alerts = new UploadAlerts()
  protected hashes: UploadContentHash

  constructor(protected storage: UploadStorage) {
    this.hashes = new UploadContentHash(storage)
  }

  /**
   * The creation the visitor asks for, or null when an email must be verified
   * first. A verified address replaces whatever email the metadata names.
   */
  async describe(session: Session, metadata: UploadMetadata): Promise<UploadCreation | null> {
    const verifiedEmail = this.verification.verifiedEmail(session)
    if (!verifiedEmail && (await this.verification.required())) {
      return null
    }
    return {
      fileName: safeFileName(metadata.filename),
      mimeType: metadata.filetype ?? 'application/octet-stream',
      uploaderName: metadata.name || null,
      uploaderEmail: verifiedEmail ?? (metadata.email || null),
      message: metadata.message || null,
      ownerKeyHash: uploadOwnership.hash(uploadOwnership.keyFor(session)),
      uploadedByUserId: (session.get('userId') as string | undefined) ?? null,
    }
  }

  async open(storageKey: string, size: number, creation: UploadCreation) {
    await PublicUpload.create({
      storageKey,
      disk: this.storage.disk,
      fileName: creation.fileName,
      mimeType: creation.mimeType,
      size,
      receivedBytes: 0,
      status: 'uploading',
      uploaderName: creation.uploaderName,
      uploaderEmail: creation.uploaderEmail,
      message: creation.message,
      ownerKeyHash: creation.ownerKeyHash,
      uploadedByUserId: creation.uploadedByUserId,
      hashStatus: 'streaming',
    })
    creation.storageKey = storageKey
  }

  /** The upload, if this session created it; anyone else learns nothing, not even that it exists. */
  async findOwned(session: Session, storageKey: string) {
    const upload = await PublicUpload.findBy('storageKey', storageKey)
    return upload && uploadOwnership.isOwner(session, upload) ? upload : null
  }

  /**
   * The last byte landed. Runs once per upload even if a client repeats its
   * final request: only the request that moves the row to complete goes on.
   */
  async finish(storageKey: string) {
    const retentionDays = await this.settings.get('upload_retention_days')
    const completedAt = DateTime.now()
    const moved = await PublicUpload.query()
      .where('storage_key', storageKey)
      .where('status', 'uploading')
      .update({
        status: 'complete',
        received_bytes: db.raw('size'),
        completed_at: completedAt.toJSDate(),
        expires_at: retentionDays > 0 ? completedAt.plus({ days: retentionDays }).toJSDate() : null,
        updated_at: completedAt.toJSDate(),
      })
      .returning('id')
    if (moved.length === 0) {
      return
    }
    const upload = await PublicUpload.findByOrFail('storageKey', storageKey)
    if (upload.hashStatus === 'streaming' && upload.size === 0) {
      upload.merge({ contentSha256: createHash('sha256').digest('hex'), hashStatus: 'done' })
      await upload.save()
    }
    if (upload.hashStatus === 'verifying') {
      /*
       * Reading a large object back takes a while; the client is not kept
       * waiting. verify() logs its own failures, but recording one can fail
       * too (the database gone): caught here, nothing of it may escape as an
       * unhandled rejection. The upload stays 'verifying', and the job
       * transfer.verify-upload-hashes hashes it again at the next start.
       */
      this.hashes.verify(upload).catch((error) => {
        logger.error({ err: error, uploadId: upload.id }, 'verifying a finished upload failed')
      })
    }
    await this.alerts.send(upload).catch((error) => {
      logger.error({ err: error, uploadId: upload.id }, 'queueing the upload alert failed')
    })
    // A lost job is not a lost backup: the upload stays pending and the
    // startup sweep (or transfer:backup:resume) sends it again.
    const backups = await app.container.make(BackupQueue)
    await backups.enqueue(upload).catch((error) => {
      logger.error({ err: error, uploadId: upload.id }, 'queueing the upload backup failed')
    })
  }

  /**
   * The upload was terminated by its owner, or its creation failed after the
   * row was made: bytes first, then the row, as UploadRemoval does.
   */
  async discard(storageKey: string) {
    await this.storage.remove(storageKey)
    await PublicUpload.query().where('storage_key', storageKey).delete()
  }
}
