import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import User from '#models/sso/user'
import { IdentityTokenIssuer } from '#services/sso/identity_token_issuer'
import { signingKeys } from '#services/sso/signing_keys'
import { cacheInUse, ValidationCache } from '#services/sso/validation_cache'

export type ValidationAnswer =
  { valid: true; user: ReturnType<User['toIdentity']> } | { valid: false; message: string }

/* Raw SQL: this runs on every validation, and a fixed statement skips the query builder. */
const PERSON_FOR_APP = `select users.*,
  (select enabled from connected_apps where api_key = ? limit 1) as app_enabled
  from users where users.id = ?`

/**
 * A person a connected app may sign in, with the state of the app asking,
 * in one query: the user row and, beside it, whether `apiKey` names an
 * enabled app (null when it names no app). Shared with the embed endpoints.
 */
export async function findPersonForApp(userId: number, apiKey: string) {
  const { rows } = await db.rawQuery(PERSON_FOR_APP, [apiKey, userId])
  const user = rows.length > 0 ? User.$createFromAdapterResult(rows[0]) : null
  if (!user) {
    return { user: null, appEnabled: false }
  }
  return { user, appEnabled: user.$extras.app_enabled === true }
}

let cache: ValidationCache<ValidationAnswer> | null = null

/**
 * The process's cache of validation answers, listening for changes from the
 * first validation on (commands that never validate hold no connection).
 */
export function validationCache() {
  if (!cache) {
    const created = new ValidationCache<ValidationAnswer>(
      app.config.get<string>('database.connections.postgres.connection.connectionString'),
      // A key created, retired or pruned on any instance takes effect here at once.
      () => {
        signingKeys.reload().catch((error) => logger.error({ err: error }, 'reloading keys'))
      }
    )
    // Keys this process changed or reloaded: tokens verified with the old set go.
    signingKeys.onChange(() => created.forgetTokens())
    app.terminating(() => created.stop())
    cache = created
    cacheInUse(created)
  }
  cache.start()
  return cache
}

/**
 * POST /api/apps/validate-token (spec 1, section 4). The signature and claims
 * are checked first, from keys held in memory, so a forged or expired token
 * costs no database round trip; a good one costs one query. Both results are
 * remembered (validation_cache.ts): a token validated again is answered from
 * memory until its `exp`, or until a change to its person, its app or the
 * keys is announced by PostgreSQL.
 */
@inject()
export class TokenValidationService {
  constructor(protected tokens: IdentityTokenIssuer) {}

  async validate(token: unknown, apiKey: unknown): Promise<ValidationAnswer> {
    if (typeof token !== 'string' || token.length === 0) {
      return { valid: false, message: 'Token is required' }
    }
    if (typeof apiKey !== 'string' || apiKey.length === 0) {
      return { valid: false, message: 'apiKey is required' }
    }
    const remembered = validationCache()
    const generation = remembered.generation
    let verified = remembered.verifiedToken(token, apiKey)
    if (verified && verified.expiresAt <= Date.now()) {
      // Dead at `exp`, to the millisecond, cached or not.
      remembered.forgetToken(token, apiKey)
      return { valid: false, message: 'Token expired' }
    }
    if (!verified) {
      const claims = await this.tokens.verify(token, apiKey)
      if ('rejected' in claims) {
        return { valid: false, message: claims.rejected }
      }
      verified = { userId: claims.userId, expiresAt: claims.expiresAt }
      remembered.rememberToken(token, apiKey, verified, generation)
    }
    let answer = remembered.answer(verified.userId, apiKey)
    if (!answer) {
      answer = await this.#answerFor(verified.userId, apiKey)
      remembered.rememberAnswer(verified.userId, apiKey, answer, generation)
    }
    return answer
  }

  /** What the database says of this person signing in to this app. */
  async #answerFor(userId: number, apiKey: string): Promise<ValidationAnswer> {
    const { user, appEnabled } = await findPersonForApp(userId, apiKey)
    if (!user) {
      return { valid: false, message: 'Invalid token' }
    }
    if (!appEnabled) {
      return { valid: false, message: 'Unknown or disabled application' }
    }
    if (user.isDisabled) {
      return { valid: false, message: 'Account disabled' }
    }
    if (!user.isEmailVerified) {
      return { valid: false, message: 'Email address not verified' }
    }
    return { valid: true, user: user.toIdentity() }
  }
}
