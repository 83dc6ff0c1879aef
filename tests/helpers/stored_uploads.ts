import type { FakeMailer } from '@adonisjs/mail'
import { createHash, randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DateTime } from 'luxon'
import { transferConfig } from '#config/transfer'
import PublicUpload from '#models/transfer/public_upload'
import User from '#models/transfer/user'
import { uploadOwnership } from '#services/transfer/upload_ownership'

/**
 * A finished upload as the tus endpoint leaves it on the `fs` disk: the bytes
 * under the disk directory, named by the storage key, and a complete row.
 */
export async function storedUpload(
  content: string | Buffer,
  fields: Partial<
    Pick<
      PublicUpload,
      'fileName' | 'mimeType' | 'status' | 'uploaderName' | 'uploaderEmail' | 'ownerKeyHash'
    >
  > = {}
) {
  const bytes = Buffer.from(content)
  const storageKey = randomBytes(16).toString('hex')
  await mkdir(transferConfig.fs.directory, { recursive: true })
  await writeFile(join(transferConfig.fs.directory, storageKey), bytes)
  const complete = (fields.status ?? 'complete') === 'complete'
  return PublicUpload.create({
    storageKey,
    disk: 'fs',
    fileName: 'report.pdf',
    mimeType: 'application/pdf',
    size: bytes.length,
    receivedBytes: complete ? bytes.length : 0,
    status: 'complete',
    ownerKeyHash: uploadOwnership.hash(randomBytes(8).toString('hex')),
    hashStatus: complete ? 'done' : 'streaming',
    contentSha256: complete ? createHash('sha256').update(bytes).digest('hex') : null,
    backupStatus: 'not_configured',
    completedAt: complete ? DateTime.now() : null,
    ...fields,
  })
}

export function storedPath(upload: PublicUpload) {
  return join(transferConfig.fs.directory, upload.storageKey)
}

/** A staff member or admin of transfer, and the session fields sign-in gives them. */
export async function transferPerson(role: 'staff' | 'admin' = 'staff', email?: string) {
  const address = email ?? `${role}-${randomBytes(4).toString('hex')}@example.com`
  const user = await User.create({ email: address, role, displayName: address.split('@')[0] })
  return {
    user,
    session: {
      userId: user.id,
      userRole: user.role,
      userEmail: user.email,
      userName: user.displayName,
    },
  }
}

/** Mails queued through `mail.fake().messages`, as recipients, subject and text. */
export function queuedMails(messages: FakeMailer['messages']) {
  return messages.queued().map((message) => {
    const { to, subject, text } = message.toJSON().message
    const recipients = (Array.isArray(to) ? to : [to]).map((recipient) =>
      typeof recipient === 'string' ? recipient : recipient!.address
    )
    return { to: recipients, subject: String(subject), text: String(text) }
  })
}
