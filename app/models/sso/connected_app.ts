import { DateTime } from 'luxon'
import { afterDelete, afterSave, BaseModel, column } from '@adonisjs/lucid/orm'
import { validationCacheInUse } from '#services/sso/validation_cache'

export default class ConnectedApp extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column()
  declare apiKey: string

  @column({ serializeAs: null })
  declare secretKeyHash: string

  @column({ prepare: (value: string[]) => JSON.stringify(value) })
  declare redirectUris: string[]

  @column()
  declare enabled: boolean

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  /** Exact match only: no wildcards, prefixes or normalisation (spec 1, section 8). */
  allowsRedirectUri(uri: string) {
    return this.redirectUris.includes(uri)
  }

  origins() {
    return this.redirectUris.map((uri) => new URL(uri).origin)
  }

  /**
   * Where a person opens the app: the root of its first redirect URI's
   * origin. An app record has no home address of its own (spec 1 §2 names
   * none); the relying apps' contract has them serve their root and sign
   * people in from there.
   */
  homeUrl() {
    return `${new URL(this.redirectUris[0]).origin}/`
  }

  /** Validation answers held in memory go at once (validation_cache.ts). */
  @afterSave()
  @afterDelete()
  static forgetValidations() {
    validationCacheInUse()?.forgetApps()
  }
}
