import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'

/** Lifetime of a one-time sign-in code (both relying apps' specs). */
export const CODE_LIFETIME_SECONDS = 60

/**
 * One-time sign-in codes of the auth-code exchange, kept in the app's database
 * so that several instances share them (decided deviation 2).
 */
export class PendingAuthCodes {
  /** Stores `user` under a new 64-hex-character code and returns the code. */
  async issue(user: Record<string, unknown>): Promise<string> {
    const code = randomBytes(32).toString('hex')
    await db.table('pending_auth_codes').insert({
      code,
      user_data: JSON.stringify(user),
      expires_at: new Date(Date.now() + CODE_LIFETIME_SECONDS * 1000),
    })
    return code
  }

  /**
   * Deletes the code and returns its user when it was still valid. The single
   * DELETE … RETURNING makes the exchange atomic: of two concurrent requests
   * with the same code, only one gets a row back.
   */
  async consume<T = Record<string, unknown>>(code: string): Promise<T | null> {
    if (!/^[0-9a-f]{64}$/.test(code)) {
      return null
    }
    const result = await db.rawQuery(
      'delete from pending_auth_codes where code = ? returning user_data, expires_at',
      [code]
    )
    const row = result.rows[0] as { user_data: T; expires_at: Date } | undefined
    if (!row || new Date(row.expires_at).getTime() <= Date.now()) {
      return null
    }
    return row.user_data
  }

  async purgeExpired(): Promise<number> {
    const deleted = await db
      .from('pending_auth_codes')
      .where('expires_at', '<=', new Date())
      .delete()
    return Array.isArray(deleted) ? deleted.length : Number(deleted)
  }
}
