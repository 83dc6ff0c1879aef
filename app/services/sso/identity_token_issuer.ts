import { hkdfSync, randomUUID } from 'node:crypto'
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'
import { appKey, appUrl } from '#config/app'

/** Identity tokens live one hour (spec 1, section 8). */
export const IDENTITY_TOKEN_LIFETIME_SECONDS = 3600

const ALGORITHM = 'HS256'

export interface IdentityClaims {
  userId: number
  apiKey: string
}

/**
 * Signs and verifies identity tokens. Each token names the apiKey it was
 * issued for as its audience, so it validates only for that app (decided
 * deviation 5). The signing key is derived from the app key rather than being
 * the app key itself, so the two uses never share a key.
 */
export class IdentityTokenIssuer {
  #key = new Uint8Array(hkdfSync('sha256', appKey.release(), 'sso', 'identity-token-signing', 32))

  /** `issuedAt` defaults to now; an earlier time backdates the token (tests, clock skew). */
  async issue(userId: number, apiKey: string, issuedAt = new Date()): Promise<string> {
    const iat = Math.floor(issuedAt.getTime() / 1000)
    return new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(appUrl)
      .setSubject(String(userId))
      .setAudience(apiKey)
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + IDENTITY_TOKEN_LIFETIME_SECONDS)
      .sign(this.#key)
  }

  /** Returns the claims, or a reason the token is not acceptable for `apiKey`. */
  async verify(token: string, apiKey: string): Promise<IdentityClaims | { rejected: string }> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: [ALGORITHM],
        issuer: appUrl,
        audience: apiKey,
        requiredClaims: ['sub', 'exp', 'iat'],
      })
      const userId = Number(payload.sub)
      if (!Number.isSafeInteger(userId)) {
        return { rejected: 'Invalid token' }
      }
      return { userId, apiKey }
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        return { rejected: 'Token expired' }
      }
      return { rejected: 'Invalid token' }
    }
  }
}
