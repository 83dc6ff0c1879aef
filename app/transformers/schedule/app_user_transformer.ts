import { BaseTransformer } from '@adonisjs/core/transformers'
import type AppUser from '#models/schedule/app_user'

/**
 * A person allowed into schedule, as /api/admin/users and the admin page show
 * them. Every field is present (null when empty), a just-created person included.
 */
export default class AppUserTransformer extends BaseTransformer<AppUser> {
  toObject() {
    const user = this.resource
    return {
      id: user.id,
      email: user.email,
      role: user.role,
      ssoUserId: user.ssoUserId,
      displayName: user.displayName,
      username: user.username,
      avatarUrl: user.avatarUrl ?? null,
      lastLoginAt: user.lastLoginAt?.toISO() ?? null,
      createdAt: user.createdAt.toISO()!,
      updatedAt: user.updatedAt?.toISO() ?? null,
    }
  }
}
