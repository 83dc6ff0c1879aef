import { createHash, randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import AccountToken, { type AccountTokenPurpose } from '#models/sso/account_token'
import type User from '#models/sso/user'

const LIFETIMES: Record<AccountTokenPurpose, { hours: number }> = {
  verify_email: { hours: 24 },
  reset_password: { hours: 1 },
  change_email: { hours: 24 },
}

function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * Single-use tokens sent by email. 256 random bits each, stored only as a
 * hash; issuing one revokes the person's earlier tokens of the same purpose.
 */
export class AccountTokens {
  /** A new token for `user`; with `client`, inside that transaction. */
  async issue(
    user: User,
    purpose: AccountTokenPurpose,
    email: string | null = null,
    client?: TransactionClientContract
  ) {
    const token = randomBytes(32).toString('base64url')
    const write = async (trx: TransactionClientContract) => {
      await AccountToken.query({ client: trx })
        .where('user_id', user.id)
        .where('purpose', purpose)
        .delete()
      await AccountToken.create(
        {
          userId: user.id,
          purpose,
          tokenHash: hashToken(token),
          email,
          expiresAt: DateTime.now().plus(LIFETIMES[purpose]),
        },
        { client: trx }
      )
    }
    await (client ? write(client) : db.transaction(write))
    return token
  }

  /**
   * Spends a token: deleted in the same statement that reads it, so two
   * concurrent uses cannot both succeed. Expired tokens are spent too.
   */
  async consume(token: string, purpose: AccountTokenPurpose) {
    const rows = await db
      .from('account_tokens')
      .where('token_hash', hashToken(token))
      .where('purpose', purpose)
      .delete()
      .returning(['user_id', 'email', 'expires_at'])
    const row = rows[0] as { user_id: number; email: string | null; expires_at: Date } | undefined
    if (!row || row.expires_at.getTime() < Date.now()) {
      return null
    }
    return { userId: row.user_id, email: row.email }
  }

  /** Whether a token is live, without spending it (to show the reset form). */
  async isLive(token: string, purpose: AccountTokenPurpose) {
    const found = await AccountToken.query()
      .where('token_hash', hashToken(token))
      .where('purpose', purpose)
      .where('expires_at', '>', DateTime.now().toSQL()!)
      .first()
    return found !== null
  }

  revokeAll(user: User, purpose: AccountTokenPurpose) {
    return AccountToken.query().where('user_id', user.id).where('purpose', purpose).delete()
  }
}
