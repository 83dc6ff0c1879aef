import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/sso/user'

/** A person as the admin dashboard lists them. */
export default class PersonTransformer extends BaseTransformer<User> {
  toObject() {
    const user = this.resource
    return {
      id: user.id,
      email: user.email,
      username: user.username,
      name: user.name,
      displayName: user.displayName,
      isAdmin: user.isAdmin,
      emailVerified: user.isEmailVerified,
      disabled: user.isDisabled,
      totpEnabled: user.hasTotp,
      lastSignInAt: user.lastSignInAt?.toISO() ?? null,
      createdAt: user.createdAt.toISO(),
    }
  }
}
