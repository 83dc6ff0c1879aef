import { inject } from '@adonisjs/core'
import User from '#models/sso/user'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { IdentityTokenIssuer } from '#services/sso/identity_token_issuer'

export type ValidationAnswer =
  { valid: true; user: ReturnType<User['toIdentity']> } | { valid: false; message: string }

/** POST /api/apps/validate-token (spec 1, section 4). */
@inject()
export class TokenValidationService {
  constructor(
    protected registry: ConnectedAppRegistry,
    protected tokens: IdentityTokenIssuer
  ) {}

  async validate(token: unknown, apiKey: unknown): Promise<ValidationAnswer> {
    if (typeof token !== 'string' || token.length === 0) {
      return { valid: false, message: 'Token is required' }
    }
    if (typeof apiKey !== 'string' || apiKey.length === 0) {
      return { valid: false, message: 'apiKey is required' }
    }
    const app = await this.registry.findEnabled(apiKey)
    if (!app) {
      return { valid: false, message: 'Unknown or disabled application' }
    }
    const claims = await this.tokens.verify(token, apiKey)
    if ('rejected' in claims) {
      return { valid: false, message: claims.rejected }
    }
    const user = await User.find(claims.userId)
    if (!user || user.isDisabled) {
      return { valid: false, message: 'Invalid token' }
    }
    return { valid: true, user: user.toIdentity() }
  }
}
