import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/transfer/user'

/** A person allowed into transfer (spec 2: /api/users). */
export default class UserTransformer extends BaseTransformer<User> {
  toObject() {
    const user = this.resource
    return {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      role: user.role,
      ssoUserId: user.ssoUserId,
      createdAt: user.createdAt.toISO()!,
    }
  }
}
