import bcrypt from 'bcrypt'
import encryption from '@adonisjs/core/services/encryption'
import type StaffShare from '#models/transfer/staff_share'

/** Spec 2, section 8: password hash cost 10. */
export const SHARE_PASSWORD_COST = 10

/**
 * The two password columns of a share. The spec keeps a readable copy so staff
 * can read the password back; decided deviation 1 stores that copy encrypted
 * with the app key. Download attempts are only ever checked against the hash.
 */
export const sharePasswords = {
  /** Both columns for a new password; both null when there is none. */
  async seal(password: string | null) {
    if (!password) {
      return { password: null, passwordHash: null }
    }
    return {
      password: encryption.encrypt(password),
      passwordHash: await bcrypt.hash(password, SHARE_PASSWORD_COST),
    }
  },

  /** The readable copy for staff; null when there is none or the app key changed. */
  reveal(share: Pick<StaffShare, 'password'>) {
    return share.password ? encryption.decrypt<string>(share.password) : null
  },

  /** bcrypt's comparison takes the same time wherever the strings differ. */
  async matches(share: Pick<StaffShare, 'passwordHash'>, attempt: string | null | undefined) {
    if (!share.passwordHash) {
      return true
    }
    if (!attempt) {
      return false
    }
    return bcrypt.compare(attempt, share.passwordHash)
  },
}
