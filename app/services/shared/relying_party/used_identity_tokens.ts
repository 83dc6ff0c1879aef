import db from '@adonisjs/lucid/services/db'
import type { IdentityTokenClaims } from '#services/shared/relying_party/identity_token_claims'

/**
 * Identity tokens this app has already signed someone in with, kept in its
 * database until they expire: a token is good for one sign-in, on whichever
 * instance it arrives, so a leaked callback URL signs nobody else in.
 */
export class UsedIdentityTokens {
  /**
   * Records the token as used. False when it already was: the database's
   * primary key decides between two instances presenting it at once.
   */
  async use(claims: Pick<IdentityTokenClaims, 'replayKey' | 'expiresAt'>): Promise<boolean> {
    const result = await db.rawQuery(
      'insert into used_identity_tokens (token_key, expires_at) values (?, ?) on conflict do nothing',
      [claims.replayKey, claims.expiresAt]
    )
    return result.rowCount === 1
  }

  async purgeExpired(): Promise<number> {
    const deleted = await db
      .from('used_identity_tokens')
      .where('expires_at', '<=', new Date())
      .delete()
    return Array.isArray(deleted) ? deleted.length : Number(deleted)
  }
}
