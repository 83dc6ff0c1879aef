import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { sameState } from '#services/shared/relying_party/sign_in_states'

/** Lifetime of a one-time sign-in code (both relying apps' specs). */
export const CODE_LIFETIME_SECONDS = 60

/**
 * One-time sign-in codes of the auth-code exchange, kept in the app's database
 * so that several instances share them (decided deviation 2). Each code is
 * bound to the `state` of the sign-in it finishes (decided deviation 6).
 */
export class PendingAuthCodes {
  /**
   * Stores `user` under a new 64-hex-character code for the sign-in `state`,
   * with the sso session ticket the session will keep; returns the code.
   */
  async issue(
    user: Record<string, unknown>,
    state: string,
    ssoTicket: string | null = null
  ): Promise<string> {
    const code = randomBytes(32).toString('hex')
    await db.table('pending_auth_codes').insert({
      code,
      state,
      sso_ticket: ssoTicket,
      user_data: JSON.stringify(user),
      expires_at: new Date(Date.now() + CODE_LIFETIME_SECONDS * 1000),
    })
    return code
  }

  /**
   * Deletes the code and returns its user and state when it was still valid
   * and bound to one of `heldStates`. The row is locked while the states are
   * compared, so of two concurrent requests with the same code only one gets
   * it. A code bound to another sign-in stays for the browser that started
   * that sign-in: presenting it elsewhere neither uses nor spoils it.
   */
  async consume<T = Record<string, unknown>>(
    code: string,
    heldStates: string[]
  ): Promise<{ user: T; state: string; ssoTicket: string | null } | null> {
    if (!/^[0-9a-f]{64}$/.test(code) || heldStates.length === 0) {
      return null
    }
    return db.transaction(async (trx) => {
      const row = (await trx
        .from('pending_auth_codes')
        .where('code', code)
        .forUpdate()
        .first()) as {
        user_data: T
        state: string
        sso_ticket: string | null
        expires_at: Date
      } | null
      if (!row) {
        return null
      }
      const expired = new Date(row.expires_at).getTime() <= Date.now()
      const state = heldStates.find((held) => sameState(held, row.state))
      if (!expired && state === undefined) {
        return null
      }
      await trx.from('pending_auth_codes').where('code', code).delete()
      return expired || state === undefined
        ? null
        : { user: row.user_data, state, ssoTicket: row.sso_ticket }
    })
  }

  async purgeExpired(): Promise<number> {
    const deleted = await db
      .from('pending_auth_codes')
      .where('expires_at', '<=', new Date())
      .delete()
    return Array.isArray(deleted) ? deleted.length : Number(deleted)
  }
}
