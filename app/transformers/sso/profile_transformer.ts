import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/sso/user'

/**
 * What the profile page shows and edits of the signed-in person: their
 * identity as connected apps see it (spec 1 §2), plus the stored name and
 * display name (the identity falls back to the username) and the flags the
 * page needs.
 */
export default class ProfileTransformer extends BaseTransformer<User> {
  toObject() {
    const user = this.resource
    return {
      ...user.toIdentity(),
      fullName: user.name,
      ownDisplayName: user.displayName,
      isAdmin: user.isAdmin,
      emailVerified: user.isEmailVerified,
    }
  }
}
