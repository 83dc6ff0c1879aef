import {
  IDENTITY_TOKEN_LIFETIME_SECONDS,
  signingKeys,
  type TokenRejection,
} from '#services/sso/signing_keys'
import { sessionTickets } from '#services/sso/session_tickets'

export { IDENTITY_TOKEN_LIFETIME_SECONDS }

/**
 * The `typ` header of identity tokens. Embed tokens carry another one, so
 * neither kind can stand in for the other.
 */
export const IDENTITY_TOKEN_TYPE = 'JWT'

export interface IdentityClaims {
  userId: number
  apiKey: string
  /** When the token dies (its `exp`), in milliseconds. */
  expiresAt: number
}

/**
 * Signs and verifies identity tokens with sso's current signing key. Each
 * token names the apiKey it was issued for as its audience, so it validates
 * only for that app (decided deviation 5), and the `state` of the sign-in it
 * ends, so the relying app accepts it only in the browser that started that
 * sign-in. Its `jti` lets the app accept it once, and its session ticket
 * lets the app ask later whether that sign-in still holds (session_status.ts).
 */
export class IdentityTokenIssuer {
  /** `issuedAt` defaults to now; an earlier time backdates the token (tests, clock skew). */
  async issue(
    userId: number,
    apiKey: string,
    issuedAt = new Date(),
    { state }: { state?: string } = {}
  ): Promise<string> {
    return signingKeys.sign(
      {
        typ: IDENTITY_TOKEN_TYPE,
        subject: String(userId),
        audience: apiKey,
        lifetimeSeconds: IDENTITY_TOKEN_LIFETIME_SECONDS,
      },
      {
        session_ticket: sessionTickets.issue(userId, apiKey, issuedAt),
        ...(state === undefined ? {} : { state }),
      },
      issuedAt
    )
  }

  /** Returns the claims, or a reason the token is not acceptable for `apiKey`. */
  async verify(
    token: string,
    apiKey: string
  ): Promise<IdentityClaims | { rejected: TokenRejection }> {
    const result = await signingKeys.verify(token, {
      typ: IDENTITY_TOKEN_TYPE,
      audience: apiKey,
      maxAgeSeconds: IDENTITY_TOKEN_LIFETIME_SECONDS,
    })
    if ('rejected' in result) {
      return result
    }
    const userId = Number(result.payload.sub)
    if (!Number.isSafeInteger(userId) || userId <= 0) {
      return { rejected: 'Invalid token' }
    }
    return { userId, apiKey, expiresAt: result.payload.exp! * 1000 }
  }
}
