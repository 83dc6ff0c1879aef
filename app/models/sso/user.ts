import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { afterDelete, afterSave, BaseModel, column } from '@adonisjs/lucid/orm'
import { validationCacheInUse } from '#services/sso/validation_cache'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'

const AuthFinder = withAuthFinder(() => hash.use('argon'), {
  uids: ['email'],
  passwordColumnName: 'password',
})

export default class User extends compose(BaseModel, AuthFinder) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare email: string

  @column()
  declare username: string

  /** Full name, as the person writes it. */
  @column()
  declare name: string | null

  @column()
  declare displayName: string | null

  @column()
  declare avatarUrl: string | null

  @column({ serializeAs: null })
  declare password: string

  @column()
  declare isAdmin: boolean

  @column.dateTime()
  declare disabledAt: DateTime | null

  @column.dateTime()
  declare emailVerifiedAt: DateTime | null

  @column.dateTime()
  declare passwordChangedAt: DateTime | null

  @column.dateTime()
  declare lastSignInAt: DateTime | null

  /** Sign-ins from before this moment are over in every connected app (session_status.ts). */
  @column.dateTime()
  declare sessionsValidAfter: DateTime | null

  /** Encrypted with the app key; see TotpService. */
  @column({ serializeAs: null })
  declare totpSecret: string | null

  @column.dateTime()
  declare totpEnabledAt: DateTime | null

  @column({ serializeAs: null, consume: (value) => (value === null ? null : Number(value)) })
  declare totpLastStep: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  get isDisabled() {
    return Boolean(this.disabledAt)
  }

  get isEmailVerified() {
    return Boolean(this.emailVerifiedAt)
  }

  get hasTotp() {
    return Boolean(this.totpEnabledAt)
  }

  /** The user object of spec 1, section 2, as token validation returns it. */
  toIdentity() {
    const name = this.displayName || this.username
    return {
      userId: this.id,
      id: this.id,
      email: this.email,
      username: this.username,
      name,
      displayName: name,
      picture: this.avatarUrl,
      avatar: this.avatarUrl,
    }
  }

  /** Validation answers about this person, held in memory, go at once (validation_cache.ts). */
  @afterSave()
  @afterDelete()
  static forgetValidations(user: User) {
    validationCacheInUse()?.forgetPerson(user.id)
  }
}
