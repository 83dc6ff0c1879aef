import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Session } from '@adonisjs/session'
import type PublicUpload from '#models/transfer/public_upload'

const SESSION_KEY = 'uploadOwnerKey'

/**
 * An upload belongs to the session that created it. The session holds a random
 * owner key; the upload row holds only its SHA-256, so a leaked database does
 * not let anyone append to or finish someone else's upload. The key survives
 * the session id change at sign-in (the session data is carried over).
 */
export const uploadOwnership = {
  /** The session's owner key, created on first use. */
  keyFor(session: Session) {
    let key = session.get(SESSION_KEY) as string | undefined
    if (!key) {
      key = randomBytes(32).toString('base64url')
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
