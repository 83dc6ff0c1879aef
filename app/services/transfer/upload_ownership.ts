import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { Session } from '@adonisjs/session'
import { appKey } from '#config/app'
import type PublicUpload from '#models/transfer/public_upload'

const SESSION_KEY = 'uploadOwnerKey'

/**
 * An upload belongs to the session that created it. The session holds an
 * owner key; the upload row holds only its SHA-256, so a leaked database does
 * not let anyone append to or finish someone else's upload. The key survives
 * the session id change at sign-in (the session data is carried over).
 */
export const uploadOwnership = {
  /**
   * The session's owner key, made on first use. It is derived from the
   * session id (keyed with the app key) rather than drawn at random, so
   * concurrent first uploads of one session (a page starting several files at
   * once) all arrive at the same key; whichever request saves the session last
   * cannot orphan the others' uploads.
   */
  keyFor(session: Session) {
    let key = session.get(SESSION_KEY) as string | undefined
    if (!key) {
      key = createHmac('sha256', appKey.release())
        .update(`upload-owner:${session.sessionId}`)
        .digest('base64url')
      session.put(SESSION_KEY, key)
    }
    return key
  },

  hash(key: string) {
    return createHash('sha256').update(key).digest('hex')
  },

  isOwner(session: Session, upload: Pick<PublicUpload, 'ownerKeyHash'>) {
    const key = session.get(SESSION_KEY) as string | undefined
    if (!key) {
      return false
    }
    const expected = Buffer.from(upload.ownerKeyHash, 'hex')
    const actual = Buffer.from(this.hash(key), 'hex')
    return expected.length === actual.length && timingSafeEqual(expected, actual)
  },
}
