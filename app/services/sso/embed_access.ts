import { createHash, randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import { Exception } from '@adonisjs/core/exceptions'
import ConnectedApp from '#models/sso/connected_app'
import User from '#models/sso/user'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { EmbedTokens } from '#services/sso/embed_tokens'
import { findPersonForApp } from '#services/sso/token_validation_service'

/**
 * Compared against when the apiKey names no enabled app, so a wrong apiKey
 * costs the same comparison work as a wrong secretKey.
 */
const STAND_IN_APP = new ConnectedApp()
STAND_IN_APP.secretKeyHash = createHash('sha256').update(randomBytes(32)).digest('hex')

export type EmbedGrant =
  { token: string; expiresIn: number } | { status: 401 | 404; message: string }

/** A person the widget may be opened for: active, with a verified email. */
function isActive(user: User | null): user is User {
  return user !== null && !user.isDisabled && user.isEmailVerified
}

/**
 * Who may open the account widget, and for whom. A connected app's server
 * trades its apiKey and secretKey for a short-lived embed token naming one
 * person; the widget then acts for that person with the token alone, since
 * a third-party frame never gets sso's session cookie.
 */
@inject()
export class EmbedAccess {
  constructor(
    protected registry: ConnectedAppRegistry,
    protected tokens: EmbedTokens
  ) {}

  /** POST /api/embed/token */
  async grant(input: { apiKey: string; secretKey: string; userId: number }): Promise<EmbedGrant> {
    const app = await this.registry.findEnabled(input.apiKey)
    const secretMatches = this.registry.secretMatches(app ?? STAND_IN_APP, input.secretKey)
    if (!app || !secretMatches) {
      return { status: 401, message: 'Invalid apiKey or secretKey' }
    }
    const user = await User.find(input.userId)
    if (!isActive(user)) {
      return { status: 404, message: 'Unknown or disabled user' }
    }
    return this.tokens.issue(user.id, app.apiKey)
  }

  /**
   * GET /embed: the app the token was issued to (its registered origins may
   * frame the widget) and the person, or why the widget cannot open.
   */
  async open(
    token: string | undefined
  ): Promise<{ app: ConnectedApp; user: User } | { rejected: string }> {
    if (!token) {
      return { rejected: 'This widget was opened without a token.' }
    }
    const claims = await this.tokens.verify(token)
    if ('rejected' in claims) {
      return {
        rejected:
          claims.rejected === 'Token expired'
            ? 'This widget link has expired. Reload the page to open it again.'
            : 'This widget link is not valid.',
      }
    }
    const app = await this.registry.findEnabled(claims.apiKey)
    const user = await User.find(claims.userId)
    if (!app || !isActive(user)) {
      return { rejected: 'This account cannot be managed here.' }
    }
    return { app, user }
  }

  /**
   * The person behind `Authorization: Bearer <embed token>` on the widget's
   * JSON routes: a valid token of an enabled app for an active person, found
   * with one query. Throws a 401 otherwise.
   */
  async authenticate(authorization: string | undefined) {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
    if (!token) {
      throw new Exception('Embed token required', { status: 401, code: 'E_EMBED_TOKEN' })
    }
    const claims = await this.tokens.verify(token)
    if ('rejected' in claims) {
      throw new Exception(
        claims.rejected === 'Token expired' ? 'Embed token expired' : 'Invalid embed token',
        { status: 401, code: 'E_EMBED_TOKEN' }
      )
    }
    const { user, appEnabled } = await findPersonForApp(claims.userId, claims.apiKey)
    if (!appEnabled || !isActive(user)) {
      throw new Exception('Invalid embed token', { status: 401, code: 'E_EMBED_TOKEN' })
    }
    return { user, apiKey: claims.apiKey }
  }
}
