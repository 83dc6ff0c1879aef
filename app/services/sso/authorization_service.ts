import { randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import type ConnectedApp from '#models/sso/connected_app'
import type User from '#models/sso/user'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { IdentityTokenIssuer } from '#services/sso/identity_token_issuer'

export interface AuthorizeRequest {
  clientId: string
  redirectUri: string
  state?: string
}

/**
 * GET /authorize: checks the app and its redirect URI, then sends a signed-in
 * person back with a fresh identity token.
 */
@inject()
export class AuthorizationService {
  constructor(
    protected registry: ConnectedAppRegistry,
    protected tokens: IdentityTokenIssuer
  ) {}

  /**
   * The app the request is for, or why it cannot be served. An unknown app or
   * a redirect URI that is not registered exactly is never redirected to.
   */
  async resolve(request: AuthorizeRequest): Promise<{ app: ConnectedApp } | { error: string }> {
    const app = await this.registry.findEnabled(request.clientId)
    if (!app) {
      return { error: 'This application is not registered with the sign-in service.' }
    }
    if (!app.allowsRedirectUri(request.redirectUri)) {
      return { error: 'The return address of this application is not registered.' }
    }
    return { app }
  }

  /**
   * The callback URL with `token` and `state` (the app's own state when it
   * sent one). The token carries the same state, so it is good only beside it.
   */
  async callbackUrl(app: ConnectedApp, user: User, request: AuthorizeRequest) {
    const url = new URL(request.redirectUri)
    const state = request.state ?? randomBytes(16).toString('hex')
    url.searchParams.set(
      'token',
      await this.tokens.issue(user.id, app.apiKey, new Date(), { state })
    )
    url.searchParams.set('state', state)
    return url.toString()
  }
}
