import { appUrl } from '#config/app'
import { signingKeys, type TokenRejection } from '#services/sso/signing_keys'

/** Embed tokens are short-lived: the widget is opened right after the app asks for one. */
export const EMBED_TOKEN_LIFETIME_SECONDS = 600

/**
 * The `typ` header and audience of embed tokens. Both differ from identity
 * tokens (`JWT`, audience the apiKey), so neither kind is accepted as the other.
 */
export const EMBED_TOKEN_TYPE = 'embed+jwt'
export const EMBED_AUDIENCE = `${appUrl}/embed`

export interface EmbedClaims {
  userId: number
  /** The app the token was issued to (its `azp`, authorised party). */
  apiKey: string
}

/** Signs and verifies the tokens that open the account widget (GET /embed). */
export class EmbedTokens {
  async issue(userId: number, apiKey: string, issuedAt = new Date()) {
    const token = await signingKeys.sign(
      {
        typ: EMBED_TOKEN_TYPE,
        subject: String(userId),
        audience: EMBED_AUDIENCE,
        lifetimeSeconds: EMBED_TOKEN_LIFETIME_SECONDS,
      },
      { azp: apiKey },
      issuedAt
    )
    return { token, expiresIn: EMBED_TOKEN_LIFETIME_SECONDS }
  }

  async verify(token: string): Promise<EmbedClaims | { rejected: TokenRejection }> {
    const result = await signingKeys.verify(token, {
      typ: EMBED_TOKEN_TYPE,
      audience: EMBED_AUDIENCE,
      maxAgeSeconds: EMBED_TOKEN_LIFETIME_SECONDS,
    })
    if ('rejected' in result) {
      return result
    }
    const userId = Number(result.payload.sub)
    const apiKey = result.payload.azp
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof apiKey !== 'string') {
      return { rejected: 'Invalid token' }
    }
    return { userId, apiKey }
  }
}
