import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import User from '#models/sso/user'
import { IdentityTokenIssuer } from '#services/sso/identity_token_issuer'

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

/**
 * POST /api/apps/validate-token (spec 1, section 4). The signature and claims
 * are checked first, from keys held in memory, so a forged or expired token
 * costs no database round trip; a good one costs exactly one query.
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
    const claims = await this.tokens.verify(token, apiKey)
    if ('rejected' in claims) {
      return { valid: false, message: claims.rejected }
    }
    const { user, appEnabled } = await findPersonForApp(claims.userId, apiKey)
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
