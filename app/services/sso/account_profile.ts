import { randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import drive from '@adonisjs/drive/services/main'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import sharp from 'sharp'
import User from '#models/sso/user'
import { isUniqueViolation } from '#services/shared/atomic_writes'
import { AuditLog, type AuditOrigin } from '#services/sso/audit_log'
import { rejectField } from '#validators/sso/field_errors'

export interface ProfileInput {
  name?: string | null
  displayName?: string | null
  username?: string
}

const AVATAR_SIZE = 256

/** The profile a person edits: name, display name, username and avatar. */
@inject()
export class AccountProfile {
  constructor(protected audit: AuditLog) {}

  /** Throws a validation error (422) when the username is taken. */
  async update(user: User, input: ProfileInput, origin: AuditOrigin) {
    if (input.username !== undefined && input.username !== user.username) {
      const taken = await User.query()
        .where('username', input.username)
        .whereNot('id', user.id)
        .first()
      if (taken) {
        rejectField('username', 'This username is taken.', 'unique')
      }
      user.username = input.username
    }
    if (input.name !== undefined) {
      user.name = input.name || null
    }
    if (input.displayName !== undefined) {
      user.displayName = input.displayName || null
    }
    const changed = Object.keys(user.$dirty)
    if (changed.length > 0) {
      try {
        await user.save()
      } catch (error) {
        // Someone else took the username between the check above and this save.
        if (isUniqueViolation(error)) {
          rejectField('username', 'This username is taken.', 'unique')
        }
        throw error
      }
      await this.audit.record('profile_updated', {
        origin,
        userId: user.id,
        details: { fields: changed },
      })
    }
    return user
  }

  /**
   * Stores a new avatar: decoded and re-encoded by sharp (so only a clean,
   * square WebP image is ever served, never the uploaded bytes), then the
   * previous file is removed.
   */
  async setAvatar(user: User, file: MultipartFile, origin: AuditOrigin) {
    let image: Buffer
    try {
      image = await sharp(file.tmpPath!, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
        .webp({ quality: 85 })
        .toBuffer()
    } catch {
      rejectField('avatar', 'This file is not an image we can read.', 'image')
    }
    const key = `avatars/${user.id}-${randomBytes(8).toString('hex')}.webp`
    const disk = drive.use()
    await disk.put(key, image, { contentType: 'image/webp' })
    const previous = this.#avatarKey(user)
    user.avatarUrl = await disk.getUrl(key)
    await user.save()
    if (previous) {
      await disk.delete(previous).catch(() => {})
    }
    await this.audit.record('profile_updated', {
      origin,
      userId: user.id,
      details: { fields: ['avatar'] },
    })
    return user
  }

  async removeAvatar(user: User, origin: AuditOrigin) {
    const previous = this.#avatarKey(user)
    user.avatarUrl = null
    await user.save()
    if (previous) {
      await drive
        .use()
        .delete(previous)
        .catch(() => {})
    }
    await this.audit.record('profile_updated', {
      origin,
      userId: user.id,
      details: { fields: ['avatar'] },
    })
    return user
  }

  /** The drive key of an avatar this service stored (external avatar URLs have none). */
  #avatarKey(user: User) {
    const match = user.avatarUrl?.match(/\/uploads\/(avatars\/[\w-]+\.webp)$/)
    return match ? match[1] : null
  }
}
