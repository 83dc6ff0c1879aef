import { createHash } from 'node:crypto'
import { decodeJwt } from 'jose'

/** The identity token's lifetime (spec 1): how long a token without `exp` is remembered as used. */
const TOKEN_LIFETIME_MS = 60 * 60 * 1000

/**
 * What the relying app reads from an identity token itself. The signature
 * is sso's to check (validate-token); these claims are trusted only once sso
 * has called the same token valid.
 */
export interface IdentityTokenClaims {
  /** The token's `jti`, or a hash of the whole token when it has none: what a replay is recognised by. */
  replayKey: string
  /** The `state` of the sign-in sso issued the token for; null when the token names none. */
  state: string | null
  /** The sso session ticket the relying app re-checks the session with (sso_sessions.ts). */
  sessionTicket: string | null
  /** Until when the token could be presented again. */
  expiresAt: Date
}

/** The claims of a JWT-shaped token; null for anything that is not one. */
export function identityTokenClaims(token: string): IdentityTokenClaims | null {
  let payload
  try {
    payload = decodeJwt(token)
  } catch {
    return null
  }
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null)
  const jti = text(payload.jti)
  return {
    replayKey: jti
      ? `jti:${jti}`
      : `sha256:${createHash('sha256').update(token).digest('base64url')}`,
    state: text(payload.state),
    sessionTicket: text(payload.session_ticket),
    expiresAt: new Date(
      typeof payload.exp === 'number' ? payload.exp * 1000 : Date.now() + TOKEN_LIFETIME_MS
    ),
  }
}
